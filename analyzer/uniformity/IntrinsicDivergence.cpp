// The thread dependence of the results of CUDA and HIP intrinsics.
#include "analyzer/uniformity/IntrinsicDivergence.h"
#include "analyzer/cuda/CudaBuiltins.h"

namespace warpcheck {

using namespace clang;

namespace {

// The dimension a HIP/OCKL work-item query names by its constant argument
// (__ockl_get_local_id(0) is threadIdx.x); -1 when it is not a constant.
int dimensionArg(const CallExpr *call) {
  if (call->getNumArgs() < 1) return -1;
  const Expr *a = call->getArg(0)->IgnoreParenImpCasts();
  if (const auto *lit = dyn_cast<IntegerLiteral>(a)) return int(lit->getValue().getZExtValue());
  return -1;
}

// AMD GPU sources of thread dependence, as HIP's headers reach them:
// work-item ids (the lane-varying x, the warp-uniform y and z), the lane
// id, and readfirstlane (one lane's value for the whole wavefront).
std::optional<Divergence> amdgcnResult(const CallExpr *call, llvm::StringRef name) {
  if (name == "__ockl_get_local_id" || name == "__ockl_get_global_id")
    return dimensionArg(call) == 0 || dimensionArg(call) < 0 ? Divergence::Thread : Divergence::Warp;
  if (name == "__builtin_amdgcn_workitem_id_x") return Divergence::Thread;
  if (name == "__builtin_amdgcn_workitem_id_y" || name == "__builtin_amdgcn_workitem_id_z") return Divergence::Warp;
  if (name == "__lane_id" || name.starts_with("__builtin_amdgcn_mbcnt") || name == "__builtin_amdgcn_read_exec" ||
      name == "__builtin_amdgcn_s_memtime" || name == "__builtin_amdgcn_s_memrealtime" || name == "wall_clock64")
    return Divergence::Thread;
  if (name == "__builtin_amdgcn_readfirstlane") return Divergence::Warp;
  if (name == "__ockl_get_group_id" || name == "__ockl_get_local_size" || name == "__ockl_get_num_groups" ||
      name == "__ockl_get_global_size" || name.starts_with("__builtin_amdgcn_workgroup_id") ||
      name.starts_with("__builtin_amdgcn_workgroup_size") || name.starts_with("__builtin_amdgcn_grid_size") ||
      name == "__builtin_amdgcn_wavefrontsize")
    return Divergence::Uniform;
  return std::nullopt;
}

} // namespace

std::optional<Divergence> intrinsicResult(const CallExpr *call, llvm::StringRef name) {
  if (name.empty()) return std::nullopt;
  if (name == "__syncthreads_count" || name == "__syncthreads_and" || name == "__syncthreads_or" ||
      name == "__nvvm_bar0_popc" || name == "__nvvm_bar0_and" || name == "__nvvm_bar0_or")
    return Divergence::Uniform;
  switch (warpCollectiveOf(name)) {
  case WarpCollective::Ballot:
  case WarpCollective::All:
  case WarpCollective::Any:
  case WarpCollective::MatchAll:
  case WarpCollective::Reduce:
    return Divergence::Warp; // one value for the whole mask
  case WarpCollective::Shfl:
  case WarpCollective::ShflUp:
  case WarpCollective::ShflDown:
  case WarpCollective::ShflXor:
  case WarpCollective::MatchAny:
  case WarpCollective::ActiveMask:
    return Divergence::Thread;
  default:
    break;
  }
  switch (legacyWarpCollectiveOf(name)) {
  case WarpCollective::Ballot:
  case WarpCollective::Any:
  case WarpCollective::All:
    return Divergence::Warp; // one value for the lanes that vote
  case WarpCollective::None:
    break;
  default:
    return Divergence::Thread;
  }
  if (auto amd = amdgcnResult(call, name)) return amd;
  // Atomics return the old value: each thread sees a different one.
  if (name.starts_with("atomic") || name.starts_with("__atomic") || name.starts_with("__nv_atomic") ||
      name.starts_with("__nvvm_atom") || name.starts_with("__iAtomic") || name.starts_with("__uAtomic") ||
      name.starts_with("__ullAtomic") || name.starts_with("__fAtomic") || name.starts_with("__dAtomic"))
    return Divergence::Thread;
  // threadIdx.y/z are the same for every lane of a warp when blockDim.x is
  // a multiple of the warp size, which the analysis assumes.
  if (name == "__nvvm_read_ptx_sreg_tid_y" || name == "__nvvm_read_ptx_sreg_tid_z") return Divergence::Warp;
  if (name == "clock" || name == "clock64" || name == "__globaltimer" || name.starts_with("__lanemask") ||
      name.starts_with("__nvvm_read_ptx_sreg_tid") || name.starts_with("__nvvm_read_ptx_sreg_laneid") ||
      name.starts_with("__nvvm_read_ptx_sreg_clock") || name.starts_with("__nvvm_read_ptx_sreg_lanemask") ||
      name == "curand" || name.starts_with("curand_"))
    return Divergence::Thread;
  if (name.starts_with("__nvvm_read_ptx_sreg_warpid")) return Divergence::Warp;
  if (name.starts_with("__nvvm_read_ptx_sreg_")) return Divergence::Uniform; // ctaid, ntid, nctaid...
  return std::nullopt;
}

} // namespace warpcheck
