#include "analyzer/uniformity/CudaBuiltins.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/StringSwitch.h"
#include <regex>

namespace warpcheck {

using namespace clang;

BuiltinVarRef builtinVarRef(const Expr *e) {
  BuiltinVarRef out;
  const auto *pse = dyn_cast<PseudoObjectExpr>(e->IgnoreParenImpCasts());
  if (!pse) return out;
  const auto *prop = dyn_cast<MSPropertyRefExpr>(pse->getSyntacticForm()->IgnoreParens());
  if (!prop) return out;
  const Expr *base = prop->getBaseExpr()->IgnoreParenImpCasts();
  if (const auto *ove = dyn_cast<OpaqueValueExpr>(base)) base = ove->getSourceExpr()->IgnoreParenImpCasts();
  const auto *dre = dyn_cast<DeclRefExpr>(base);
  if (!dre) return out;
  out.var = llvm::StringSwitch<BuiltinVar>(dre->getDecl()->getName())
                .Case("threadIdx", BuiltinVar::ThreadIdx)
                .Case("blockIdx", BuiltinVar::BlockIdx)
                .Case("blockDim", BuiltinVar::BlockDim)
                .Case("gridDim", BuiltinVar::GridDim)
                .Default(BuiltinVar::None);
  llvm::StringRef p = prop->getPropertyDecl()->getName();
  out.dim = p.empty() ? 0 : p.back();
  return out;
}

bool isBlockBarrierName(llvm::StringRef name) {
  return llvm::StringSwitch<bool>(name)
      .Cases({"__syncthreads", "__syncthreads_count", "__syncthreads_and", "__syncthreads_or"}, true)
      .Cases({"__nvvm_bar0", "__nvvm_bar0_popc", "__nvvm_bar0_and", "__nvvm_bar0_or"}, true)
      .Cases({"__nvvm_bar_sync", "__nvvm_barrier_sync", "__barrier_sync"}, true)
      .Default(false);
}

bool isBlockBarrierAsm(const Stmt *s) {
  const auto *as = dyn_cast<GCCAsmStmt>(s);
  if (!as) return false;
  static const std::regex re(R"((^|[;\n{])\s*(bar|barrier)(\.sync|\.aligned)*\s+0\s*;)");
  return std::regex_search(as->getAsmString(), re);
}

WarpCollective warpCollectiveOf(llvm::StringRef name) {
  if (name.starts_with("__reduce_") && name.ends_with("_sync")) return WarpCollective::Reduce;
  return llvm::StringSwitch<WarpCollective>(name)
      .Case("__shfl_sync", WarpCollective::Shfl)
      .Case("__shfl_up_sync", WarpCollective::ShflUp)
      .Case("__shfl_down_sync", WarpCollective::ShflDown)
      .Case("__shfl_xor_sync", WarpCollective::ShflXor)
      .Case("__ballot_sync", WarpCollective::Ballot)
      .Case("__all_sync", WarpCollective::All)
      .Case("__any_sync", WarpCollective::Any)
      .Case("__uni_sync", WarpCollective::All)
      .Case("__match_any_sync", WarpCollective::MatchAny)
      .Case("__match_all_sync", WarpCollective::MatchAll)
      .Case("__syncwarp", WarpCollective::Syncwarp)
      .Case("__activemask", WarpCollective::ActiveMask)
      .Default(WarpCollective::None);
}

bool isLegacyWarpIntrinsic(llvm::StringRef name) {
  return llvm::StringSwitch<bool>(name)
      .Cases({"__shfl", "__shfl_up", "__shfl_down", "__shfl_xor", "__ballot", "__any", "__all"}, true)
      .Default(false);
}

llvm::StringRef calleeName(const CallExpr *call) {
  const FunctionDecl *fd = call->getDirectCallee();
  if (!fd || !fd->getDeclName().isIdentifier()) return "";
  return fd->getName();
}

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
  if (isLegacyWarpIntrinsic(name)) return Divergence::Thread;
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
