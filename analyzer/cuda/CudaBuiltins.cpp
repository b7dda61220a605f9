#include "analyzer/cuda/CudaBuiltins.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/StringMap.h"
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

namespace {

// Every warp intrinsic the analyzer knows, by name: the `_sync` forms (the
// lane mask first), __syncwarp and __activemask, and the legacy forms
// without a mask. The one list of them: the recognisers below and the
// matchers of the warp rules (warpMaskedCollectiveNames,
// warpShuffleNames) all read it.
struct WarpIntrinsic {
  llvm::StringRef name;
  WarpCollective kind;
  bool legacy; // no mask: removed from CUDA, ordinary API in HIP
};

constexpr WarpIntrinsic kWarpIntrinsics[] = {
    {"__shfl_sync", WarpCollective::Shfl, false},
    {"__shfl_up_sync", WarpCollective::ShflUp, false},
    {"__shfl_down_sync", WarpCollective::ShflDown, false},
    {"__shfl_xor_sync", WarpCollective::ShflXor, false},
    {"__ballot_sync", WarpCollective::Ballot, false},
    {"__all_sync", WarpCollective::All, false},
    {"__any_sync", WarpCollective::Any, false},
    {"__uni_sync", WarpCollective::All, false},
    {"__match_any_sync", WarpCollective::MatchAny, false},
    {"__match_all_sync", WarpCollective::MatchAll, false},
    {"__syncwarp", WarpCollective::Syncwarp, false},
    {"__reduce_add_sync", WarpCollective::Reduce, false},
    {"__reduce_min_sync", WarpCollective::Reduce, false},
    {"__reduce_max_sync", WarpCollective::Reduce, false},
    {"__reduce_and_sync", WarpCollective::Reduce, false},
    {"__reduce_or_sync", WarpCollective::Reduce, false},
    {"__reduce_xor_sync", WarpCollective::Reduce, false},
    {"__activemask", WarpCollective::ActiveMask, false},
    {"__shfl", WarpCollective::Shfl, true},
    {"__shfl_up", WarpCollective::ShflUp, true},
    {"__shfl_down", WarpCollective::ShflDown, true},
    {"__shfl_xor", WarpCollective::ShflXor, true},
    {"__ballot", WarpCollective::Ballot, true},
    {"__any", WarpCollective::Any, true},
    {"__all", WarpCollective::All, true},
};

// The kind of each name of one form (sync or legacy), looked up once per
// call of the uniformity analysis: a map, not a scan of the list.
llvm::StringMap<WarpCollective> warpIntrinsicsOfForm(bool legacy) {
  llvm::StringMap<WarpCollective> out;
  for (const WarpIntrinsic &w : kWarpIntrinsics)
    if (w.legacy == legacy) out[w.name] = w.kind;
  return out;
}

bool isShuffle(WarpCollective k) {
  return k == WarpCollective::Shfl || k == WarpCollective::ShflUp || k == WarpCollective::ShflDown ||
         k == WarpCollective::ShflXor;
}

} // namespace

WarpCollective warpCollectiveOf(llvm::StringRef name) {
  static const llvm::StringMap<WarpCollective> sync = warpIntrinsicsOfForm(false);
  auto it = sync.find(name);
  return it == sync.end() ? WarpCollective::None : it->second;
}

bool isLegacyWarpIntrinsic(llvm::StringRef name) { return legacyWarpCollectiveOf(name) != WarpCollective::None; }

WarpCollective legacyWarpCollectiveOf(llvm::StringRef name) {
  static const llvm::StringMap<WarpCollective> legacy = warpIntrinsicsOfForm(true);
  auto it = legacy.find(name);
  return it == legacy.end() ? WarpCollective::None : it->second;
}

std::vector<llvm::StringRef> warpMaskedCollectiveNames() {
  std::vector<llvm::StringRef> out;
  for (const WarpIntrinsic &w : kWarpIntrinsics)
    if (!w.legacy && w.kind != WarpCollective::ActiveMask) out.push_back(w.name);
  return out;
}

std::vector<llvm::StringRef> warpShuffleNames() {
  std::vector<llvm::StringRef> out;
  for (const WarpIntrinsic &w : kWarpIntrinsics)
    if (isShuffle(w.kind)) out.push_back(w.name);
  return out;
}

llvm::StringRef calleeName(const CallExpr *call) {
  const FunctionDecl *fd = call->getDirectCallee();
  if (!fd || !fd->getDeclName().isIdentifier()) return "";
  return fd->getName();
}

} // namespace warpcheck
