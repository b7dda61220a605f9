#include "analyzer/cuda/HipSupport.h"
#include "analyzer/cuda/CudaBuiltins.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/StringSwitch.h"

namespace warpcheck {

using namespace clang;

bool isWave64HipPass(const AnalysisContext &ctx) {
  return ctx.pass().hip && !ctx.pass().host && ctx.options().warpSize == 64;
}

std::string wave64Archs(const AnalysisContext &ctx) {
  const std::vector<std::string> &archs = ctx.options().wave64Archs;
  if (archs.empty()) return ctx.pass().arch;
  std::string out;
  for (size_t i = 0; i < archs.size(); ++i)
    out += (i == 0 ? "" : i + 1 == archs.size() ? " and " : ", ") + archs[i];
  return out;
}

bool isWarpSizeRef(const Expr *e) {
  const auto *dre = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
  const auto *v = dre ? dyn_cast<VarDecl>(dre->getDecl()) : nullptr;
  // HIP declares it at global scope; a `warpSize` in a namespace of the
  // user's is another variable.
  return v && v->getDeclName().isIdentifier() && v->getName() == "warpSize" && v->isFileVarDecl() &&
         v->getDeclContext()->getRedeclContext()->isTranslationUnit();
}

static const VarDecl *localVar(const Expr *e) {
  const auto *dre = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
  const auto *v = dre ? dyn_cast<VarDecl>(dre->getDecl()) : nullptr;
  return v && v->hasLocalStorage() && !isa<ParmVarDecl>(v) ? v : nullptr;
}

static bool isZeroLiteral(const Expr *e) {
  const auto *lit = dyn_cast<IntegerLiteral>(e->IgnoreParenImpCasts());
  return lit && lit->getValue() == 0;
}

bool usesThreadIndexX(const Expr *e, int depth) {
  if (!e || depth > 6) return false;
  e = e->IgnoreParenImpCasts();
  if (BuiltinVarRef ref = builtinVarRef(e); ref.var == BuiltinVar::ThreadIdx) return ref.dim == 'x';
  if (const auto *call = dyn_cast<CallExpr>(e)) {
    llvm::StringRef name = calleeName(call);
    if (name == "__builtin_amdgcn_workitem_id_x" || name == "__nvvm_read_ptx_sreg_tid_x") return true;
    if ((name == "__ockl_get_local_id" || name == "__ockl_get_global_id") && call->getNumArgs() == 1)
      return isZeroLiteral(call->getArg(0)); // hipThreadIdx_x
  }
  if (const VarDecl *v = localVar(e)) return v->getInit() && usesThreadIndexX(v->getInit(), depth + 1);
  // Through arithmetic that keeps the index's value (global id = block
  // offset + thread index), not through loads or calls: in[threadIdx.x] is
  // data.
  if (const auto *bo = dyn_cast<BinaryOperator>(e)) {
    if (bo->getOpcode() == BO_Add || bo->getOpcode() == BO_Sub || bo->getOpcode() == BO_Mul)
      return usesThreadIndexX(bo->getLHS(), depth + 1) || usesThreadIndexX(bo->getRHS(), depth + 1);
    return false;
  }
  if (const auto *ce = dyn_cast<CastExpr>(e)) return usesThreadIndexX(ce->getSubExpr(), depth + 1);
  return false;
}

bool isBlockDimX(const Expr *e) {
  e = e->IgnoreParenImpCasts();
  if (BuiltinVarRef ref = builtinVarRef(e); ref.var == BuiltinVar::BlockDim) return ref.dim == 'x';
  if (const auto *bo = dyn_cast<BinaryOperator>(e); bo && bo->getOpcode() == BO_Add)
    return (isBlockDimX(bo->getLHS()) && isa<IntegerLiteral>(bo->getRHS()->IgnoreParenImpCasts())) ||
           (isBlockDimX(bo->getRHS()) && isa<IntegerLiteral>(bo->getLHS()->IgnoreParenImpCasts()));
  if (const auto *call = dyn_cast<CallExpr>(e)) // hipBlockDim_x
    return calleeName(call) == "__ockl_get_local_size" && call->getNumArgs() == 1 && isZeroLiteral(call->getArg(0));
  return false;
}

const CallExpr *maskProducingCall(const Expr *e) {
  const auto *call = dyn_cast<CallExpr>(e->IgnoreParenImpCasts());
  if (!call) return nullptr;
  bool mask = llvm::StringSwitch<bool>(calleeName(call))
                  .Cases({"__ballot", "__ballot64", "__ballot_sync", "__activemask"}, true)
                  .Cases({"__match_any", "__match_all", "__match_any_sync", "__match_all_sync"}, true)
                  .Cases({"__lanemask_lt", "__lanemask_le", "__lanemask_gt", "__lanemask_ge", "__lanemask_eq"}, true)
                  .Default(false);
  return mask ? call : nullptr;
}

bool holdsLaneMask(const Expr *e, const CallExpr *&source, int depth) {
  if (!e || depth > 6) return false;
  e = e->IgnoreParenImpCasts();
  if (const CallExpr *call = maskProducingCall(e)) {
    source = call;
    return true;
  }
  if (const auto *bo = dyn_cast<BinaryOperator>(e)) {
    switch (bo->getOpcode()) {
    case BO_And: case BO_Or: case BO_Xor: case BO_AndAssign: case BO_OrAssign: case BO_XorAssign:
      return holdsLaneMask(bo->getLHS(), source, depth + 1) || holdsLaneMask(bo->getRHS(), source, depth + 1);
    case BO_Shl: case BO_Shr:
      return holdsLaneMask(bo->getLHS(), source, depth + 1);
    default:
      return false;
    }
  }
  if (const auto *uo = dyn_cast<UnaryOperator>(e); uo && uo->getOpcode() == UO_Not)
    return holdsLaneMask(uo->getSubExpr(), source, depth + 1);
  if (const auto *co = dyn_cast<ConditionalOperator>(e))
    return holdsLaneMask(co->getTrueExpr(), source, depth + 1) || holdsLaneMask(co->getFalseExpr(), source, depth + 1);
  if (const VarDecl *v = localVar(e)) return v->getInit() && holdsLaneMask(v->getInit(), source, depth + 1);
  return false;
}

// Whether `cond` tests the warp size: it reads warpSize or a template
// parameter (a WarpSize chosen on the host).
static bool testsWarpSize(const Expr *cond) {
  if (!cond) return false;
  if (isWarpSizeRef(cond) || isa<SubstNonTypeTemplateParmExpr>(cond)) return true;
  if (const auto *dre = dyn_cast<DeclRefExpr>(cond); dre && isa<NonTypeTemplateParmDecl>(dre->getDecl())) return true;
  for (const Stmt *child : cond->children())
    if (const auto *ce = dyn_cast_or_null<Expr>(child); ce && testsWarpSize(ce)) return true;
  return false;
}

// Whether the branch holding `child` is dead: `cond` is a constant that
// sends control to the other side.
static bool deadBranch(ASTContext &ast, const Expr *cond, bool childIsThen) {
  bool value;
  if (!cond || cond->isValueDependent() || !cond->EvaluateAsBooleanCondition(value, ast)) return false;
  return value != childIsThen;
}

bool underWarpSizeCondition(ASTContext &ast, const Stmt *s) {
  DynTypedNode node = DynTypedNode::create(*s);
  for (int depth = 0; depth < 64; ++depth) {
    DynTypedNodeList parents = ast.getParents(node);
    if (parents.empty()) return false;
    const DynTypedNode &parent = parents[0];
    const Stmt *child = node.get<Stmt>();
    if (const auto *is = parent.get<IfStmt>(); is && child && child != is->getCond()) {
      bool isThen = child == is->getThen();
      if (testsWarpSize(is->getCond()) || deadBranch(ast, is->getCond(), isThen)) return true;
    }
    if (const auto *co = parent.get<ConditionalOperator>(); co && child && child != co->getCond()) {
      bool isThen = child == co->getTrueExpr();
      if (testsWarpSize(co->getCond()) || deadBranch(ast, co->getCond(), isThen)) return true;
    }
    if (parent.get<FunctionDecl>() || parent.get<TranslationUnitDecl>()) return false;
    node = parent;
  }
  return false;
}

} // namespace warpcheck
