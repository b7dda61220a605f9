#include "analyzer/cuda/Fences.h"
#include "analyzer/cuda/CudaBuiltins.h"
#include "llvm/ADT/StringSwitch.h"

namespace warpcheck {

ThreadfenceScope threadfenceScope(llvm::StringRef name) {
  return llvm::StringSwitch<ThreadfenceScope>(name)
      .Cases({"__threadfence_block", "__nvvm_membar_cta"}, ThreadfenceScope::Block)
      .Cases({"__threadfence", "__nvvm_membar_gl"}, ThreadfenceScope::Device)
      .Cases({"__threadfence_system", "__nvvm_membar_sys"}, ThreadfenceScope::System)
      .Default(ThreadfenceScope::None);
}

bool isFenceName(llvm::StringRef name) {
  return name.starts_with("__threadfence") || name.starts_with("__nvvm_membar") || name.starts_with("__nvvm_fence") ||
         name == "atomic_thread_fence" || name == "__atomic_thread_fence" || name == "__builtin_amdgcn_fence";
}

bool isOrderingIntrinsic(llvm::StringRef name) {
  if (isBlockBarrierName(name) || isFenceName(name)) return true;
  return name == "__syncwarp" || name == "__nvvm_bar_warp_sync" || name == "__builtin_amdgcn_s_barrier" ||
         name == "__builtin_amdgcn_wave_barrier" || name.starts_with("__nvvm_bar") || name.starts_with("__nvvm_barrier");
}

} // namespace warpcheck
