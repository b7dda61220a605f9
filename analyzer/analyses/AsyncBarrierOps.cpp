#include "analyzer/analyses/AsyncBarrierOps.h"
#include "analyzer/core/StripExpr.h"
#include "analyzer/cuda/BarrierApi.h"
#include "analyzer/cuda/CudaBuiltins.h"
#include "analyzer/uniformity/FunctionUniformity.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/StringSwitch.h"
#include <vector>

namespace warpcheck {

using namespace clang;

static bool isBarrierPointer(QualType t);

namespace {

// The named namespaces around `d`, outermost first, inline ones (__4) left out.
std::vector<llvm::StringRef> namespaces(const Decl *d) {
  std::vector<llvm::StringRef> out;
  for (const DeclContext *dc = d->getDeclContext(); dc; dc = dc->getParent())
    if (const auto *ns = dyn_cast<NamespaceDecl>(dc); ns && !ns->isInline() && ns->getIdentifier())
      out.insert(out.begin(), ns->getName());
  return out;
}

bool inCudaNamespace(const Decl *d) {
  std::vector<llvm::StringRef> ns = namespaces(d);
  return !ns.empty() && ns.front() == "cuda";
}

// The mbarrier word: a pointer to a 64-bit unsigned integer.
bool isU64Pointer(QualType t) {
  if (!t->isPointerType()) return false;
  const auto *bt = t->getPointeeType().getCanonicalType()->getAs<BuiltinType>();
  return bt && (bt->getKind() == BuiltinType::ULong || bt->getKind() == BuiltinType::ULongLong);
}

std::optional<int64_t> evalInt(const Expr *e, const ASTContext &ast) {
  if (!e || e->isValueDependent() || e->isTypeDependent()) return std::nullopt;
  Expr::EvalResult r;
  if (!e->EvaluateAsInt(r, ast)) return std::nullopt;
  return r.Val.getInt().getExtValue();
}

// Moves the pointee path of a pointer by `k` elements (nullopt: unknown).
void offsetPath(std::string &path, std::optional<int64_t> k) {
  if (k && *k == 0) return;
  size_t open = path.rfind('[');
  bool endsInIndex = !path.empty() && path.back() == ']' && open != std::string::npos;
  if (!endsInIndex) {
    path += k ? "[" + std::to_string(*k) + "]" : "[?]";
    return;
  }
  std::string idx = path.substr(open + 1, path.size() - open - 2);
  if (idx == "?" || !k) path = path.substr(0, open) + "[?]";
  else path = path.substr(0, open) + "[" + std::to_string(std::stoll(idx) + *k) + "]";
}

// Splits ".a[1][?]" into its segments.
std::vector<std::string> segments(const std::string &path) {
  std::vector<std::string> out;
  for (size_t i = 0; i < path.size();) {
    size_t j = i + 1;
    while (j < path.size() && path[j] != '.' && path[j] != '[') ++j;
    out.push_back(path.substr(i, j - i));
    i = j;
  }
  return out;
}

class Resolver {
public:
  Resolver(const ASTContext &ast, const FunctionUniformity *fu) : ast_(ast), fu_(fu) {}

  // The object an lvalue designates.
  bool lvalue(const Expr *e, BarrierRef &out, int depth = 0) {
    if (!e || depth > 8) return false;
    e = e->IgnoreParens();
    if (const auto *ice = dyn_cast<ImplicitCastExpr>(e)) return lvalue(ice->getSubExpr(), out, depth + 1);
    if (const auto *dre = dyn_cast<DeclRefExpr>(e)) {
      const auto *v = dyn_cast<VarDecl>(dre->getDecl());
      if (!v) return false;
      if (v->getType()->isReferenceType()) {
        // A reference bound to a barrier: follow it, or stop at a parameter.
        if (isa<ParmVarDecl>(v)) {
          out.root = v;
          out.path = "[0]";
          return true;
        }
        return v->getInit() && lvalue(v->getInit(), out, depth + 1);
      }
      out.root = v;
      out.path.clear();
      return true;
    }
    if (const auto *ase = dyn_cast<ArraySubscriptExpr>(e)) {
      if (!pointer(ase->getBase(), out, depth + 1)) return false;
      offsetPath(out.path, evalInt(ase->getIdx(), ast_));
      return true;
    }
    if (const auto *me = dyn_cast<MemberExpr>(e)) {
      bool ok = me->isArrow() ? pointer(me->getBase(), out, depth + 1) : lvalue(me->getBase(), out, depth + 1);
      if (!ok) return false;
      out.path += "." + me->getMemberDecl()->getNameAsString();
      return true;
    }
    if (const auto *uo = dyn_cast<UnaryOperator>(e); uo && uo->getOpcode() == UO_Deref)
      return pointer(uo->getSubExpr(), out, depth + 1);
    return false;
  }

  // The object a pointer points to.
  bool pointer(const Expr *e, BarrierRef &out, int depth = 0) {
    if (!e || depth > 8) return false;
    e = e->IgnoreParens();
    if (const auto *ice = dyn_cast<ImplicitCastExpr>(e)) {
      if (ice->getCastKind() == CK_ArrayToPointerDecay) {
        if (!lvalue(ice->getSubExpr(), out, depth + 1)) return false;
        out.path += "[0]";
        return true;
      }
      if (ice->getCastKind() == CK_LValueToRValue) return pointerValue(ice->getSubExpr(), out, depth + 1);
      return pointer(ice->getSubExpr(), out, depth + 1);
    }
    if (const auto *ce = dyn_cast<ExplicitCastExpr>(e)) return pointer(ce->getSubExpr(), out, depth + 1);
    if (const auto *uo = dyn_cast<UnaryOperator>(e); uo && uo->getOpcode() == UO_AddrOf)
      return lvalue(uo->getSubExpr(), out, depth + 1);
    if (const auto *bo = dyn_cast<BinaryOperator>(e); bo && bo->isAdditiveOp()) {
      const Expr *base = bo->getLHS(), *off = bo->getRHS();
      if (!base->getType()->isPointerType()) std::swap(base, off);
      if (!pointer(base, out, depth + 1)) return false;
      std::optional<int64_t> k = evalInt(off, ast_);
      if (k && bo->getOpcode() == BO_Sub) k = -*k;
      offsetPath(out.path, k);
      return true;
    }
    if (const auto *call = dyn_cast<CallExpr>(e)) {
      // cuda::device::barrier_native_handle(bar) is bar's mbarrier word.
      if (calleeName(call) == "barrier_native_handle" && call->getNumArgs() == 1)
        return lvalue(call->getArg(0), out, depth + 1);
      return false;
    }
    if (isa<DeclRefExpr>(e)) return pointerValue(e, out, depth + 1);
    return false;
  }

private:
  // The value of a pointer variable.
  bool pointerValue(const Expr *e, BarrierRef &out, int depth) {
    const auto *dre = dyn_cast<DeclRefExpr>(e->IgnoreParens());
    if (!dre) return false;
    const auto *v = dyn_cast<VarDecl>(dre->getDecl());
    if (!v || !v->getType()->isPointerType()) return false;
    if (const auto *p = dyn_cast<ParmVarDecl>(v)) {
      out.root = p;
      out.path = "[0]";
      return true;
    }
    if (fu_)
      if (const Expr *def = fu_->singleDefinition(v)) return pointer(def, out, depth + 1);
    // `p->arrive()` makes the analysis treat p as escaping; its init still holds.
    if (const Expr *init = unchangedInitializer(v)) return pointer(init, out, depth + 1);
    return false;
  }

  const ASTContext &ast_;
  const FunctionUniformity *fu_;
};

bool anyArgTypeNamed(const CallExpr *call, llvm::StringRef part) {
  for (const Expr *a : call->arguments())
    if (a->getType().getAsString().find(part.str()) != std::string::npos) return true;
  return false;
}

// The first argument that is an mbarrier word pointer.
const Expr *mbarrierArg(const CallExpr *call, unsigned *index) {
  for (unsigned i = 0; i < call->getNumArgs(); ++i)
    if (isU64Pointer(call->getArg(i)->IgnoreImpCasts()->getType()) || isU64Pointer(call->getArg(i)->getType())) {
      *index = i;
      return call->getArg(i);
    }
  return nullptr;
}

std::optional<BarrierOp> classifyMember(const CXXMemberCallExpr *call, const ASTContext &ast,
                                        const FunctionUniformity *fu) {
  const CXXMethodDecl *m = call->getMethodDecl();
  const Expr *obj = call->getImplicitObjectArgument();
  if (!m || !obj || !m->getIdentifier()) return std::nullopt;
  bool arrow = obj->getType()->isPointerType();
  QualType objType = arrow ? obj->getType()->getPointeeType() : obj->getType();
  if (!asyncBarrierScope(objType)) return std::nullopt;
  BarrierOp op{};
  op.expr = call;
  op.name = m->getName().str();
  BarrierMember member = barrierMemberOf(m->getName());
  switch (member.kind) {
  case BarrierMember::Arrive:
    op.kind = BarrierOpKind::Arrive;
    if (call->getNumArgs() >= 1 && !isa<CXXDefaultArgExpr>(call->getArg(0))) op.count = call->getArg(0);
    break;
  case BarrierMember::ArriveAndWait:
    op.kind = BarrierOpKind::ArriveAndWait;
    break;
  case BarrierMember::ArriveAndDrop:
    op.kind = BarrierOpKind::ArriveAndDrop;
    break;
  case BarrierMember::Wait:
    // The timed parity waits are not modelled here (yet): left out as they
    // were before the barrier API had one list, so that
    // async-barrier-misuse's findings do not change with this refactoring.
    if (member.parity && member.timed) return std::nullopt;
    op.kind = BarrierOpKind::Wait;
    if (!member.parity && call->getNumArgs() >= 1) op.token = call->getArg(0);
    break;
  case BarrierMember::None:
    return std::nullopt;
  }
  Resolver r(ast, fu);
  BarrierRef ref;
  bool ok = arrow ? r.pointer(obj, ref) : r.lvalue(obj, ref);
  if (!ok) ref = BarrierRef{};
  ref.expr = obj;
  op.bar = ref;
  return op;
}

std::optional<BarrierOp> classifyCall(const CallExpr *call, const ASTContext &ast, const FunctionUniformity *fu) {
  llvm::StringRef n = calleeName(call);
  if (n.empty()) return std::nullopt;
  const FunctionDecl *fd = call->getDirectCallee();
  Resolver r(ast, fu);
  BarrierOp op{};
  op.expr = call;
  op.name = n.str();
  auto finish = [&](const Expr *barrierExpr, bool isPointer) -> std::optional<BarrierOp> {
    BarrierRef ref;
    bool ok = isPointer ? r.pointer(barrierExpr, ref) : r.lvalue(barrierExpr, ref);
    if (!ok) ref = BarrierRef{};
    ref.expr = barrierExpr;
    op.bar = ref;
    return op;
  };
  unsigned nargs = call->getNumArgs();
  // libcu++: init(&bar, n) is a friend found by ADL.
  if (n == "init" && nargs >= 2 && isBarrierPointer(call->getArg(0)->getType())) {
    op.kind = BarrierOpKind::Init;
    op.count = call->getArg(1);
    return finish(call->getArg(0), true);
  }
  if (n == "barrier_arrive_tx" && nargs >= 2 && asyncBarrierScope(call->getArg(0)->getType())) {
    op.kind = BarrierOpKind::Arrive;
    op.count = call->getArg(1);
    return finish(call->getArg(0), false);
  }
  // Raw mbarriers: cuda::ptx::mbarrier_* and the __mbarrier_* primitives.
  bool primitive = n.starts_with("__mbarrier_");
  bool ptx = fd && inCudaNamespace(fd) && (n.starts_with("mbarrier_") || n.starts_with("cp_async"));
  if (primitive || ptx) {
    unsigned idx = 0;
    const Expr *word = mbarrierArg(call, &idx);
    if (!word) return std::nullopt;
    llvm::StringRef base = n;
    base.consume_front("__");
    op.raw = true;
    op.remote = anyArgTypeNamed(call, "space_cluster");
    if (base == "mbarrier_init") {
      op.kind = BarrierOpKind::Init;
      if (idx + 1 < nargs) op.count = call->getArg(idx + 1);
    } else if (base == "mbarrier_arrive" || base == "mbarrier_arrive_no_complete" ||
               base == "mbarrier_arrive_expect_tx") {
      op.kind = BarrierOpKind::Arrive;
      if (base != "mbarrier_arrive_expect_tx" && idx + 1 < nargs) op.count = call->getArg(idx + 1);
    } else if (base == "mbarrier_arrive_and_drop" || base == "mbarrier_arrive_drop") {
      op.kind = BarrierOpKind::ArriveAndDrop;
    } else if (base.starts_with("mbarrier_test_wait") || base.starts_with("mbarrier_try_wait")) {
      op.kind = BarrierOpKind::Wait;
      if (!base.ends_with("_parity") && idx + 1 < nargs) op.token = call->getArg(idx + 1);
    } else if (base == "mbarrier_inval" || base == "mbarrier_maximum_count" ||
               base == "mbarrier_token_pending_count") {
      return std::nullopt;
    } else {
      op.kind = BarrierOpKind::Use; // expect_tx, cp.async arrive-on, bulk copies
    }
    return finish(word, true);
  }
  // Other libcu++ functions that take the barrier: memcpy_async(..., bar),
  // barrier_expect_tx(bar, bytes), memcpy_async_tx(..., bar).
  if (fd && inCudaNamespace(fd) && n != "barrier_native_handle") {
    for (const Expr *a : call->arguments()) {
      QualType t = a->getType();
      if (asyncBarrierScope(t) && !t->isPointerType()) {
        op.kind = BarrierOpKind::Use;
        return finish(a, false);
      }
      if (isBarrierPointer(t)) {
        op.kind = BarrierOpKind::Use;
        return finish(a, true);
      }
    }
  }
  return std::nullopt;
}

} // namespace

bool BarrierRef::mayAlias(const BarrierRef &o) const {
  if (!root || root != o.root) return false;
  std::vector<std::string> a = segments(path), b = segments(o.path);
  for (size_t i = 0; i < a.size() && i < b.size(); ++i)
    if (a[i] != b[i] && a[i] != "[?]" && b[i] != "[?]") return false;
  return true;
}

std::string BarrierRef::spelling() const {
  if (!root) return "the barrier";
  if (isa<ParmVarDecl>(root) && root->getType()->isPointerType() && path.rfind("[0]", 0) == 0)
    return "*" + root->getNameAsString() + path.substr(3);
  return root->getNameAsString() + path;
}

std::optional<std::string> asyncBarrierScope(QualType t) {
  t = t.getNonReferenceType();
  while (const ArrayType *at = t->getAsArrayTypeUnsafe()) t = at->getElementType();
  const auto *spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(t->getAsCXXRecordDecl());
  if (!spec || spec->getName() != "barrier" || !inCudaNamespace(spec)) return std::nullopt;
  std::vector<llvm::StringRef> ns = namespaces(spec);
  if (ns.size() >= 2 && ns[1] == "std") return std::string("system"); // cuda::std::barrier
  const TemplateArgumentList &args = spec->getTemplateArgs();
  if (args.size() == 0 || args[0].getKind() != TemplateArgument::Integral) return std::string("system");
  int64_t v = args[0].getAsIntegral().getExtValue();
  if (const auto *et = args[0].getIntegralType()->getAs<EnumType>())
    if (const EnumDecl *ed = et->getDecl()->getDefinition())
      for (const EnumConstantDecl *c : ed->enumerators())
        if (c->getInitVal().getExtValue() == v) {
          llvm::StringRef name = c->getName();
          name.consume_front("thread_scope_");
          return name.str();
        }
  return std::string("unknown");
}

static bool isBarrierPointer(QualType t) { return t->isPointerType() && asyncBarrierScope(t->getPointeeType()); }

bool isArrivalTokenType(QualType t) {
  t = t.getNonReferenceType().getUnqualifiedType();
  for (QualType cur = t;;) {
    const auto *td = cur->getAs<TypedefType>();
    if (!td) break;
    llvm::StringRef n = td->getDecl()->getName();
    if (n == "arrival_token" || n == "__mbarrier_token_t") return true;
    cur = td->getDecl()->getUnderlyingType();
  }
  if (const auto *rd = t->getAsCXXRecordDecl())
    return rd->getName().contains("arrival_token") && inCudaNamespace(rd);
  return false;
}

BarrierRef resolveBarrier(const Expr *e, bool isPointer, const ASTContext &ast, const FunctionUniformity *fu) {
  BarrierRef out;
  Resolver r(ast, fu);
  bool ok = isPointer ? r.pointer(e, out) : r.lvalue(e, out);
  if (!ok) out = BarrierRef{};
  out.expr = e;
  return out;
}

std::optional<BarrierOp> classifyBarrierOp(const Expr *e, const ASTContext &ast, const FunctionUniformity *fu) {
  if (!e) return std::nullopt;
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(e)) return classifyMember(mc, ast, fu);
  if (const auto *call = dyn_cast<CallExpr>(e)) {
    if (isa<CXXOperatorCallExpr>(call)) return std::nullopt;
    return classifyCall(call, ast, fu);
  }
  // new (&bar) barrier(n): construction with a count initialises it.
  if (const auto *ne = dyn_cast<CXXNewExpr>(e)) {
    if (ne->getNumPlacementArgs() != 1 || !asyncBarrierScope(ne->getAllocatedType())) return std::nullopt;
    const auto *ctor = dyn_cast_or_null<CXXConstructExpr>(ne->getConstructExpr());
    if (!ctor || ctor->getNumArgs() == 0) return std::nullopt;
    BarrierOp op{};
    op.kind = BarrierOpKind::Init;
    op.expr = ne;
    op.name = "new";
    op.count = ctor->getArg(0);
    op.bar = resolveBarrier(ne->getPlacementArg(0), true, ast, fu);
    return op;
  }
  return std::nullopt;
}

BarrierRef throughArgument(const BarrierRef &inCallee, const BarrierRef &argument) {
  BarrierRef out = argument;
  if (!argument.root || !inCallee.root) return BarrierRef{};
  // The callee's path starts at the element its parameter points to:
  // "[k]" moves the argument's pointee by k, the rest is appended.
  std::vector<std::string> segs = segments(inCallee.path);
  size_t rest = 0;
  if (!segs.empty() && segs[0].front() == '[') {
    std::optional<int64_t> k;
    if (segs[0] != "[?]") k = std::stoll(segs[0].substr(1, segs[0].size() - 2));
    offsetPath(out.path, k);
    rest = 1;
  }
  for (size_t i = rest; i < segs.size(); ++i) out.path += segs[i];
  return out;
}

const Expr *unchangedInitializer(const VarDecl *v) {
  if (!v || !v->getInit() || !v->hasLocalStorage() || isa<ParmVarDecl>(v)) return nullptr;
  const auto *fn = dyn_cast_or_null<FunctionDecl>(v->getDeclContext());
  if (!fn || !fn->getBody()) return nullptr;
  struct Finder : RecursiveASTVisitor<Finder> {
    const VarDecl *v;
    bool written = false;
    bool names(const Expr *e) {
      e = e->IgnoreParenImpCasts();
      while (const auto *me = dyn_cast<MemberExpr>(e)) {
        if (me->isArrow()) return false;
        e = me->getBase()->IgnoreParenImpCasts();
      }
      const auto *d = dyn_cast<DeclRefExpr>(e);
      return d && d->getDecl() == v;
    }
    bool VisitBinaryOperator(BinaryOperator *bo) {
      written |= bo->isAssignmentOp() && names(bo->getLHS());
      return !written;
    }
    bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *op) {
      written |= op->isAssignmentOp() && op->getNumArgs() && names(op->getArg(0));
      return !written;
    }
    bool VisitUnaryOperator(UnaryOperator *uo) {
      written |= (uo->isIncrementDecrementOp() || uo->getOpcode() == UO_AddrOf) && names(uo->getSubExpr());
      return !written;
    }
    bool VisitVarDecl(VarDecl *r) {
      if (r->getType()->isReferenceType() && !r->getType()->getPointeeType().isConstQualified() && r->getInit())
        written |= names(r->getInit());
      return !written;
    }
    bool VisitCallExpr(CallExpr *call) {
      const FunctionDecl *fd = call->getDirectCallee();
      for (unsigned i = 0; fd && i < call->getNumArgs() && i < fd->getNumParams(); ++i) {
        QualType t = fd->getParamDecl(i)->getType();
        if (t->isReferenceType() && !t->getPointeeType().isConstQualified()) written |= names(call->getArg(i));
      }
      return !written;
    }
  } f;
  f.v = v;
  f.TraverseStmt(fn->getBody());
  return f.written ? nullptr : v->getInit();
}

bool mentionsRoot(const Expr *e, const ValueDecl *root) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const ValueDecl *root;
    bool found = false;
    bool VisitDeclRefExpr(DeclRefExpr *d) {
      if (d->getDecl() == root) found = true;
      return !found;
    }
  } f;
  f.root = root;
  f.TraverseStmt(const_cast<Expr *>(e));
  return f.found;
}

} // namespace warpcheck
