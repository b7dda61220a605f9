// Whether the async-copy path explorer can report from an entry point (see
// AsyncCopyFindingSites.h). The walk mirrors what Explorer::process
// (AsyncCopyPaths.cpp) looks at, erring towards "may".
#include "analyzer/analyses/AsyncCopyFindingSites.h"
#include "analyzer/cuda/AsyncCopyApi.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <map>

namespace warpcheck {
namespace {

using namespace clang;

// An access the explorer ignores: of a local variable itself (Explorer::access).
bool isLocalVariable(const Expr *lvalue) {
  if (const auto *dr = dyn_cast<DeclRefExpr>(lvalue->IgnoreParenImpCasts()))
    if (const auto *v = dyn_cast<VarDecl>(dr->getDecl()))
      return v->hasLocalStorage() && !v->getType()->isReferenceType();
  return false;
}

// Async operations that can only add copies to the thread's queue: the
// explorer reports nothing at them (Explorer::apply).
bool onlyIssuesCopies(AsyncOpKind k) {
  return k == AsyncOpKind::CopyToOpenBatch || k == AsyncOpKind::CopyOwnBatch || k == AsyncOpKind::Commit;
}

class SiteSearch {
public:
  explicit SiteSearch(const ASTContext &ast) : ast_(ast) {}

  // `followSystem`: the entry itself is walked wherever it is; the
  // explorer never inlines a helper defined in a system header.
  bool mayReport(const FunctionDecl *fn, bool followSystem) {
    const FunctionDecl *def = fn->getDefinition();
    if (!def || !def->hasBody()) return false;
    if (!followSystem && ast_.getSourceManager().isInSystemHeader(def->getLocation())) return false;
    // A constructor's member initialisers are in its CFG too: not walked here.
    if (isa<CXXConstructorDecl>(def)) return true;
    // A cuda::pipeline parameter taken by value ends its life at the return.
    for (const ParmVarDecl *p : def->parameters())
      if (isCudaPipelineType(p->getType())) return true;
    int &state = memo_[def];
    if (state) return state != 2; // 1: being walked (recursion): "may"
    state = 1;
    bool found = walk(def->getBody());
    memo_[def] = found ? 3 : 2;
    return found;
  }

private:
  bool walk(const Stmt *body) {
    llvm::SmallVector<const Stmt *, 64> work{body};
    while (!work.empty()) {
      const Stmt *s = work.pop_back_val();
      if (!s) continue;
      if (isSite(s)) return true;
      if (const auto *da = dyn_cast<CXXDefaultArgExpr>(s)) work.push_back(da->getExpr());
      if (const auto *di = dyn_cast<CXXDefaultInitExpr>(s)) work.push_back(di->getExpr());
      for (const Stmt *child : s->children()) work.push_back(child);
    }
    return false;
  }

  bool isSite(const Stmt *s) {
    if (const auto *ds = dyn_cast<DeclStmt>(s)) {
      for (const Decl *d : ds->decls())
        if (const auto *v = dyn_cast<VarDecl>(d); v && isCudaPipelineType(v->getType())) return true;
      return false;
    }
    if (const auto *bo = dyn_cast<BinaryOperator>(s); bo && bo->isAssignmentOp()) return !isLocalVariable(bo->getLHS());
    if (const auto *uo = dyn_cast<UnaryOperator>(s); uo && uo->isIncrementDecrementOp())
      return !isLocalVariable(uo->getSubExpr());
    if (const auto *ic = dyn_cast<ImplicitCastExpr>(s); ic && ic->getCastKind() == CK_LValueToRValue)
      return !isLocalVariable(ic->getSubExpr());
    if (const auto *ce = dyn_cast<CXXConstructExpr>(s))
      return ce->getNumArgs() == 1 && ce->getConstructor() &&
             (ce->getConstructor()->isCopyConstructor() || ce->getConstructor()->isMoveConstructor()) &&
             !isLocalVariable(ce->getArg(0));
    if (const auto *oc = dyn_cast<CXXOperatorCallExpr>(s); oc && oc->isAssignmentOp() && oc->getNumArgs() == 2)
      return !isLocalVariable(oc->getArg(0)) ||
             (oc->getOperator() == OO_Equal && oc->getArg(1)->isGLValue() && !isLocalVariable(oc->getArg(1)));
    if (!isa<CallExpr>(s) && !isa<GCCAsmStmt>(s)) return false;
    for (const AsyncOp &op : asyncOpsOf(s, ast_))
      if (!onlyIssuesCopies(op.kind)) return true;
    if (const auto *as = dyn_cast<GCCAsmStmt>(s)) {
      std::string text = as->getAsmString();
      for (const char *access : {"ldmatrix", "ld.shared", "st.shared", "stmatrix"})
        if (text.find(access) != std::string::npos) return true;
      return false;
    }
    const auto *call = cast<CallExpr>(s);
    const FunctionDecl *fd = call->getDirectCallee();
    if (!fd) return false;
    if (fd->getIdentifier() && (fd->getName() == "load_matrix_sync" || fd->getName() == "store_matrix_sync"))
      return true;
    // A helper the explorer may inline (Explorer::pushFrame: not a method
    // called on an object) is part of the entry's paths.
    if (isa<CXXMemberCallExpr>(call)) return false;
    return mayReport(fd, false);
  }

  const ASTContext &ast_;
  std::map<const FunctionDecl *, int> memo_; // 1 being walked, 2 no site, 3 may report
};

} // namespace

bool mayHaveAsyncCopyFindingSite(AnalysisContext &ctx, const FunctionDecl *fn) {
  struct Memo {
    std::unique_ptr<SiteSearch> search;
  };
  Memo &memo = ctx.shared<Memo>("async-copy-finding-sites");
  if (!memo.search) memo.search = std::make_unique<SiteSearch>(ctx.ast());
  return memo.search->mayReport(fn, true);
}

} // namespace warpcheck
