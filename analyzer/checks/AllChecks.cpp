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
CheckFactory archDependentSignatureCheck();
CheckFactory archDependentInstantiationCheck();
CheckFactory archDependentDefinitionCheck();
CheckFactory archMacroInHostCodeCheck();
CheckFactory cgTileSizeCheck();
CheckFactory gridSyncWithoutCooperativeLaunchCheck();

const std::vector<CheckFactory> &allChecks() {
  static const std::vector<CheckFactory> checks = {
      barrierDivergentCheck(),
      warpMaskInactiveLaneCheck(),
      warpMaskMissingLaneCheck(),
      warpMaskNonuniformCheck(),
      warpActivemaskMisuseCheck(),
      warpLegacyIntrinsicCheck(),
      warpShflWidthCheck(),
      archDependentSignatureCheck(),
      archDependentInstantiationCheck(),
      archDependentDefinitionCheck(),
      archMacroInHostCodeCheck(),
      cgTileSizeCheck(),
      gridSyncWithoutCooperativeLaunchCheck(),
  };
  return checks;
}

} // namespace warpcheck
