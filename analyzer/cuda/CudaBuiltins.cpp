#include "analyzer/cuda/CudaBuiltins.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/StringSwitch.h"
#include <regex>

namespace warpcheck {

using namespace clang;

static BuiltinVar builtinVarNamed(llvm::StringRef name) {
  return llvm::StringSwitch<BuiltinVar>(name)
      .Case("threadIdx", BuiltinVar::ThreadIdx)
      .Case("blockIdx", BuiltinVar::BlockIdx)
      .Case("blockDim", BuiltinVar::BlockDim)
      .Case("gridDim", BuiltinVar::GridDim)
      .Default(BuiltinVar::None);
}

// HIP's headers (amd_hip_runtime.h) make threadIdx a constexpr
// __HIP_Coordinates<F> whose members x, y, z are empty structs converting
// to unsigned: `threadIdx.x` is the member `x` of the variable `threadIdx`,
// usually under a call of its conversion operator.
static BuiltinVarRef hipBuiltinVarRef(const Expr *e) {
  BuiltinVarRef out;
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(e)) {
    if (!isa_and_nonnull<CXXConversionDecl>(mc->getMethodDecl())) return out;
    e = mc->getImplicitObjectArgument()->IgnoreParenImpCasts();
  }
  const auto *me = dyn_cast<MemberExpr>(e);
  if (!me || !me->getMemberDecl()->getDeclName().isIdentifier()) return out;
  llvm::StringRef member = me->getMemberDecl()->getName();
  if (member != "x" && member != "y" && member != "z") return out;
  const auto *dre = dyn_cast<DeclRefExpr>(me->getBase()->IgnoreParenImpCasts());
  const auto *var = dre ? dyn_cast<VarDecl>(dre->getDecl()) : nullptr;
  const CXXRecordDecl *type = var ? var->getType()->getAsCXXRecordDecl() : nullptr;
  if (!type || !type->getName().starts_with("__HIP_Coordinates")) return out;
  out.var = builtinVarNamed(var->getName());
  if (out.var != BuiltinVar::None) out.dim = member[0];
  return out;
}

BuiltinVarRef builtinVarRef(const Expr *e) {
  BuiltinVarRef out;
  if (BuiltinVarRef hip = hipBuiltinVarRef(e->IgnoreParenImpCasts()); hip.var != BuiltinVar::None) return hip;
  const auto *pse = dyn_cast<PseudoObjectExpr>(e->IgnoreParenImpCasts());
  if (!pse) return out;
  const auto *prop = dyn_cast<MSPropertyRefExpr>(pse->getSyntacticForm()->IgnoreParens());
  if (!prop) return out;
  const Expr *base = prop->getBaseExpr()->IgnoreParenImpCasts();
  if (const auto *ove = dyn_cast<OpaqueValueExpr>(base)) base = ove->getSourceExpr()->IgnoreParenImpCasts();
  const auto *dre = dyn_cast<DeclRefExpr>(base);
  if (!dre) return out;
  out.var = builtinVarNamed(dre->getDecl()->getName());
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

bool isLegacyWarpIntrinsic(llvm::StringRef name) { return legacyWarpCollectiveOf(name) != WarpCollective::None; }

WarpCollective legacyWarpCollectiveOf(llvm::StringRef name) {
  return llvm::StringSwitch<WarpCollective>(name)
      .Case("__shfl", WarpCollective::Shfl)
      .Case("__shfl_up", WarpCollective::ShflUp)
      .Case("__shfl_down", WarpCollective::ShflDown)
      .Case("__shfl_xor", WarpCollective::ShflXor)
      .Case("__ballot", WarpCollective::Ballot)
      .Case("__any", WarpCollective::Any)
      .Case("__all", WarpCollective::All)
      .Default(WarpCollective::None);
}

llvm::StringRef calleeName(const CallExpr *call) {
  const FunctionDecl *fd = call->getDirectCallee();
  if (!fd || !fd->getDeclName().isIdentifier()) return "";
  return fd->getName();
}

} // namespace warpcheck
