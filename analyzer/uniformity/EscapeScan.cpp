#include "analyzer/uniformity/EscapeScan.h"
#include "analyzer/core/StripExpr.h"
#include "analyzer/cuda/CooperativeGroups.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

namespace warpcheck {

using namespace clang;

const VarDecl *storageVar(const Expr *e) {
  e = strip(e);
  while (e) {
    if (const auto *dre = dyn_cast<DeclRefExpr>(e))
      return dyn_cast<VarDecl>(dre->getDecl());
    if (const auto *me = dyn_cast<MemberExpr>(e)) {
      if (me->isArrow()) return nullptr;
      e = strip(me->getBase());
    } else if (const auto *ase = dyn_cast<ArraySubscriptExpr>(e)) {
      const Expr *base = strip(ase->getBase());
      // a[i] on a real array (not a pointer) stays inside the array object.
      if (!ase->getBase()->IgnoreParens()->getType()->isPointerType() ||
          isa<ImplicitCastExpr>(ase->getBase()->IgnoreParens()))
        e = base;
      else
        return nullptr;
      if (const auto *ice = dyn_cast<ImplicitCastExpr>(ase->getBase()->IgnoreParens()))
        if (ice->getCastKind() != CK_ArrayToPointerDecay) return nullptr;
    } else {
      return nullptr;
    }
  }
  return nullptr;
}

namespace {

// Cooperative groups' collectives take their value by forwarding reference
// (`shfl(TyElem&& elem, ...)`, `reduce(g, TyVal&& val, op)`) and only read
// it: `t = tile.shfl(t, 0)` does not make `t` escape.
bool readOnlyForwarding(const FunctionDecl *fd, unsigned i) {
  const FunctionDecl *pattern = fd->getTemplateInstantiationPattern();
  if (!pattern || i >= pattern->getNumParams() || !pattern->getParamDecl(i)->getType()->isRValueReferenceType() ||
      (fd->getDeclName().isIdentifier() && fd->getName().starts_with("invoke_one")))
    return false;
  return inCgNamespace(fd, CgDetails::Included);
}

bool bindsNonConstRef(QualType t) { return t->isReferenceType() && !t->getPointeeType().isConstQualified(); }

// See EscapeScan.h for the two notions.
class EscapeScan : public RecursiveASTVisitor<EscapeScan> {
public:
  explicit EscapeScan(EscapeNotion notion) : storage_(notion == EscapeNotion::Storage) {}
  llvm::SmallPtrSet<const VarDecl *, 16> escaped;

  bool VisitUnaryOperator(UnaryOperator *uo) {
    if (uo->getOpcode() == UO_AddrOf) mark(uo->getSubExpr());
    return true;
  }
  bool VisitVarDecl(VarDecl *vd) {
    if (vd->getInit() && bindsNonConstRef(vd->getType())) mark(vd->getInit());
    return true;
  }
  bool VisitCallExpr(CallExpr *call) {
    const FunctionDecl *fd = call->getDirectCallee();
    if (!fd) {
      if (storage_) // the callee may take any of them by reference
        for (const Expr *arg : call->arguments()) mark(arg);
      return true;
    }
    unsigned offset = isa<CXXOperatorCallExpr>(call) && isa<CXXMethodDecl>(fd) ? 1 : 0;
    for (unsigned i = offset; i < call->getNumArgs() && i - offset < fd->getNumParams(); ++i)
      if (bindsNonConstRef(fd->getParamDecl(i - offset)->getType()) &&
          !(storage_ && readOnlyForwarding(fd, i - offset)))
        mark(call->getArg(i));
    if (storage_ && offset && call->getNumArgs()) mark(call->getArg(0)); // the operator's object
    return true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *call) {
    if (storage_) mark(call->getImplicitObjectArgument());
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *l) {
    for (const LambdaCapture &c : l->captures())
      if (c.capturesVariable() && c.getCaptureKind() == LCK_ByRef)
        if (const auto *v = dyn_cast<VarDecl>(c.getCapturedVar())) escaped.insert(v);
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *ce) {
    const CXXConstructorDecl *ctor = ce->getConstructor();
    for (unsigned i = 0; ctor && i < ce->getNumArgs() && i < ctor->getNumParams(); ++i)
      if (bindsNonConstRef(ctor->getParamDecl(i)->getType())) mark(ce->getArg(i));
    return true;
  }

private:
  // Storage: the variable under member accesses and array elements;
  // Values: a variable named directly (the only kind whose value is tracked).
  void mark(const Expr *e) {
    const VarDecl *v = nullptr;
    if (storage_) v = storageVar(e);
    else if (const auto *dre = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts())) v = dyn_cast<VarDecl>(dre->getDecl());
    if (v) escaped.insert(v);
  }
  bool storage_;
};

} // namespace

llvm::SmallPtrSet<const VarDecl *, 16> escapedLocals(const Stmt *body, EscapeNotion notion) {
  EscapeScan scan(notion);
  scan.TraverseStmt(const_cast<Stmt *>(body));
  return std::move(scan.escaped);
}

} // namespace warpcheck
