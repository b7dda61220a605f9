// The registry of static rules: one line per rule, like a clang-tidy module.
#include "analyzer/checks/CheckRegistry.h"

namespace warpcheck {

CheckFactory barrierDivergentCheck();
CheckFactory warpMaskInactiveLaneCheck();
CheckFactory warpMaskMissingLaneCheck();
CheckFactory warpMaskNonuniformCheck();
CheckFactory warpActivemaskMisuseCheck();
CheckFactory warpLegacyIntrinsicCheck();
CheckFactory warpShflWidthCheck();
CheckFactory warpImplicitSynchronousCheck();
CheckFactory archDependentSignatureCheck();
CheckFactory archDependentInstantiationCheck();
CheckFactory archDependentDefinitionCheck();
CheckFactory archMacroInHostCodeCheck();
CheckFactory cgTileSizeCheck();
CheckFactory cgCollectiveDivergentCheck();
CheckFactory gridSyncWithoutCooperativeLaunchCheck();
CheckFactory asyncCopyReadBeforeWaitCheck();
CheckFactory pipelineProtocolCheck();
CheckFactory asyncBarrierMisuseCheck();
CheckFactory hipWarpsizeHardcodedCheck();
CheckFactory hipMask32bitCheck();
CheckFactory hipWarpsizeConstexprCheck();
CheckFactory fenceMissingCheck();

const std::vector<CheckFactory> &allChecks() {
  static const std::vector<CheckFactory> checks = {
      barrierDivergentCheck(),
      warpMaskInactiveLaneCheck(),
      warpMaskMissingLaneCheck(),
      warpMaskNonuniformCheck(),
      warpActivemaskMisuseCheck(),
      warpLegacyIntrinsicCheck(),
      warpShflWidthCheck(),
      warpImplicitSynchronousCheck(),
      archDependentSignatureCheck(),
      archDependentInstantiationCheck(),
      archDependentDefinitionCheck(),
      archMacroInHostCodeCheck(),
      cgTileSizeCheck(),
      cgCollectiveDivergentCheck(),
      gridSyncWithoutCooperativeLaunchCheck(),
      asyncCopyReadBeforeWaitCheck(),
      pipelineProtocolCheck(),
      asyncBarrierMisuseCheck(),
      hipWarpsizeHardcodedCheck(),
      hipMask32bitCheck(),
      hipWarpsizeConstexprCheck(),
      fenceMissingCheck(),
  };
  return checks;
}

} // namespace warpcheck
