// The symbolic values of the async-copy path analysis along a path
// (AsyncCopyExplorer.h): integers, pointers as regions, branch conditions.
#include "analyzer/analyses/AsyncCopyExplorer.h"
#include "analyzer/core/NegatedComparison.h"

namespace warpcheck {
namespace asynccopy {

int negate(int op) {
  return negatedComparison(BinaryOperatorKind(op)).value_or(BinaryOperatorKind(op));
}

const Expr *stripConstruction(const Expr *e) {
  while (e) {
    e = e->IgnoreParenImpCasts();
    if (const auto *ce = dyn_cast<CXXConstructExpr>(e); ce && ce->getNumArgs() >= 1) e = ce->getArg(0);
    else if (const auto *fc = dyn_cast<CXXFunctionalCastExpr>(e)) e = fc->getSubExpr();
    else if (const auto *mt = dyn_cast<MaterializeTemporaryExpr>(e)) e = mt->getSubExpr();
    else if (const auto *bt = dyn_cast<CXXBindTemporaryExpr>(e)) e = bt->getSubExpr();
    else if (const auto *ew = dyn_cast<ExprWithCleanups>(e)) e = ew->getSubExpr();
    else break;
  }
  return e;
}

// ---- values ----------------------------------------------------------------------------

bool Explorer::threadDependentExpr(State &s, const Expr *e) {
  const FunctionUniformity *fu = top(s).info->uniformity;
  if (!fu) return true;
  return fu->valueOf(e).level != Divergence::Uniform;
}

AtomId Explorer::opaque(const Expr *e, State &s) {
  auto [pit, fresh] = cache_.profiles.try_emplace(e);
  ExprProfile &profile = pit->second;
  if (fresh) {
    llvm::FoldingSetNodeID id;
    e->Profile(id, ast_, /*Canonical=*/true);
    profile.key = "e:" + std::to_string(id.ComputeHash()) + ":" + std::to_string(id.computeStableHash());
    llvm::SmallVector<const Stmt *, 8> work{e};
    while (!work.empty()) {
      const Stmt *x = work.pop_back_val();
      if (!x) continue;
      if (const auto *dr = dyn_cast<DeclRefExpr>(x))
        if (const auto *v = dyn_cast<VarDecl>(dr->getDecl())) profile.vars.push_back(v);
      for (const Stmt *c : x->children()) work.push_back(c);
    }
  }
  std::string key = profile.key;
  // The same expression over different values of the tracked variables it
  // reads is a different atom.
  for (const VarDecl *v : profile.vars) {
    if (!isTracked(s, v)) continue;
    auto it = top(s).env.find(v);
    key += "|" + std::to_string(reinterpret_cast<uintptr_t>(v)) + "=";
    if (it != top(s).env.end()) key += (it->second.num ? it->second.num->key() : "") + (it->second.addr ? it->second.addr->key() : "");
  }
  return atoms_.intern(key, threadDependentExpr(s, e));
}

int64_t Explorer::sizeOf(QualType t) {
  if (t->isVoidType() || t->isIncompleteType() || t->isDependentType()) return 1;
  std::optional<CharUnits> sz = ast_.getTypeSizeInCharsIfKnown(t);
  return sz && sz->getQuantity() > 0 ? sz->getQuantity() : 1;
}

// What a pointer variable (a parameter, or one the explorer does not
// track) points to when nothing better is known: the start of an array of
// its pointee type, rooted at the variable itself.
Region Explorer::pointeeRegion(const VarDecl *v) {
  Region r;
  r.root = v;
  Region::Step st;
  st.index = Lin::constant(0);
  st.stride = sizeOf(v->getType()->getPointeeType());
  r.steps.push_back(st);
  return r;
}

std::optional<Lin> Explorer::binary(BinaryOperatorKind op, const std::optional<Lin> &l, const std::optional<Lin> &r,
                                    const Expr *whole, State &s) {
  auto derived = [&](const char *name) -> std::optional<Lin> {
    if (!l || !r) return whole ? std::optional<Lin>(Lin::atom(opaque(whole, s))) : std::nullopt;
    return Lin::atom(atoms_.intern(std::string("d:") + name + ":" + l->key() + ":" + r->key(),
                                   atoms_.threadDependent(*l) || atoms_.threadDependent(*r)));
  };
  bool lc = l && l->isConst(), rc = r && r->isConst();
  switch (op) {
  case BO_Add: return l && r ? add(*l, *r) : std::nullopt;
  case BO_Sub: return l && r ? sub(*l, *r) : std::nullopt;
  case BO_Mul:
    if (lc && r) return scale(*r, l->c);
    if (rc && l) return scale(*l, r->c);
    return derived("mul");
  case BO_Div:
    if (lc && rc && r->c) return Lin::constant(l->c / r->c);
    return derived("div");
  case BO_Rem:
    if (lc && rc && r->c) return Lin::constant(l->c % r->c);
    if (rc && l && r->c > 0) return Lin::atom(atoms_.internMod(*l, r->c));
    return derived("rem");
  case BO_And:
    if (lc && rc) return Lin::constant(l->c & r->c);
    if (rc && l && r->c > 0 && ((r->c + 1) & r->c) == 0) return Lin::atom(atoms_.internMod(*l, r->c + 1));
    if (lc && r && l->c > 0 && ((l->c + 1) & l->c) == 0) return Lin::atom(atoms_.internMod(*r, l->c + 1));
    return derived("and");
  case BO_Or:
    if (lc && rc) return Lin::constant(l->c | r->c);
    return derived("or");
  case BO_Xor:
    if (lc && rc) return Lin::constant(l->c ^ r->c);
    return derived("xor");
  case BO_Shl:
    if (rc && r->c >= 0 && r->c < 62 && l) return scale(*l, int64_t(1) << r->c);
    return derived("shl");
  case BO_Shr:
    if (lc && rc && r->c >= 0 && r->c < 63) return Lin::constant(l->c >> r->c);
    return derived("shr");
  default: return std::nullopt;
  }
}

std::optional<Lin> Explorer::evalInt(const Expr *e, State &s) {
  if (!e || e->isValueDependent() || e->isTypeDependent()) return std::nullopt;
  e = e->IgnoreParens();
  QualType t = e->getType();
  if (!t->isIntegralOrEnumerationType()) return std::nullopt;
  if (!isa<DeclRefExpr>(e)) {
    auto [it, fresh] = cache_.constants.try_emplace(e);
    if (fresh) {
      Expr::EvalResult r;
      if (e->EvaluateAsInt(r, ast_) && r.Val.isInt() && r.Val.getInt().getSignificantBits() <= 64)
        it->second = r.Val.getInt().getExtValue();
    }
    if (it->second) return Lin::constant(*it->second);
  }
  if (const auto *d = dyn_cast<CXXDefaultArgExpr>(e)) return evalInt(d->getExpr(), s);
  if (const auto *d = dyn_cast<SubstNonTypeTemplateParmExpr>(e)) return evalInt(d->getReplacement(), s);
  if (const auto *ce = dyn_cast<ConstantExpr>(e)) return evalInt(ce->getSubExpr(), s);
  if (const auto *ew = dyn_cast<ExprWithCleanups>(e)) return evalInt(ew->getSubExpr(), s);
  if (const auto *ce = dyn_cast<CastExpr>(e)) {
    const Expr *sub = ce->getSubExpr();
    switch (ce->getCastKind()) {
    case CK_LValueToRValue:
      if (const auto *dr = dyn_cast<DeclRefExpr>(sub->IgnoreParens()))
        if (const auto *v = dyn_cast<VarDecl>(dr->getDecl()); v && isTracked(s, v)) {
          Frame &f = top(s);
          auto it = f.env.find(v);
          if (it == f.env.end()) {
            f.env[v].num = Lin::atom(atoms_.intern("undef:" + std::to_string(reinterpret_cast<uintptr_t>(v)),
                                                   threadDependentExpr(s, e)));
            return f.env[v].num;
          }
          return it->second.num;
        }
      return Lin::atom(opaque(e, s));
    case CK_IntegralCast:
    case CK_NoOp:
    case CK_BooleanToSignedIntegral:
      if (sub->getType()->isIntegralOrEnumerationType()) return evalInt(sub, s);
      return Lin::atom(opaque(e, s));
    case CK_IntegralToBoolean: {
      Cond c = evalCond(e, s);
      if (c.value) return Lin::constant(*c.value);
      return Lin::atom(opaque(e, s));
    }
    default: return Lin::atom(opaque(e, s));
    }
  }
  if (const auto *bo = dyn_cast<BinaryOperator>(e)) {
    if (bo->isComparisonOp() || bo->isLogicalOp()) {
      Cond c = evalCond(e, s);
      if (c.value) return Lin::constant(*c.value);
      if (c.lhs)
        return Lin::atom(atoms_.intern("cmp:" + c.lhs->key() + ":" + std::to_string(c.op), atoms_.threadDependent(*c.lhs)));
      return Lin::atom(opaque(e, s));
    }
    if (bo->getOpcode() == BO_Comma) return evalInt(bo->getRHS(), s);
    if (bo->isAssignmentOp()) return std::nullopt;
    return binary(bo->getOpcode(), evalInt(bo->getLHS(), s), evalInt(bo->getRHS(), s), e, s);
  }
  if (const auto *uo = dyn_cast<UnaryOperator>(e)) {
    switch (uo->getOpcode()) {
    case UO_Minus: {
      std::optional<Lin> v = evalInt(uo->getSubExpr(), s);
      return v ? scale(*v, -1) : std::nullopt;
    }
    case UO_Plus: return evalInt(uo->getSubExpr(), s);
    case UO_Not: {
      std::optional<Lin> v = evalInt(uo->getSubExpr(), s);
      if (v && v->isConst()) return Lin::constant(~v->c);
      return Lin::atom(opaque(e, s));
    }
    case UO_LNot: {
      Cond c = evalCond(e, s);
      if (c.value) return Lin::constant(*c.value);
      return Lin::atom(opaque(e, s));
    }
    default: return std::nullopt;
    }
  }
  if (const auto *co = dyn_cast<ConditionalOperator>(e)) {
    Cond c = evalCond(co->getCond(), s);
    if (c.value) return evalInt(*c.value ? co->getTrueExpr() : co->getFalseExpr(), s);
    std::optional<Lin> a = evalInt(co->getTrueExpr(), s), b = evalInt(co->getFalseExpr(), s);
    if (a && b && *a == *b) return a;
    return Lin::atom(opaque(e, s));
  }
  return Lin::atom(opaque(e, s));
}

Cond Explorer::evalCond(const Expr *e, State &s) {
  Cond unknown;
  if (!e || e->isValueDependent()) return unknown;
  e = e->IgnoreParens();
  if (const auto *ew = dyn_cast<ExprWithCleanups>(e)) return evalCond(ew->getSubExpr(), s);
  if (const auto *ce = dyn_cast<CastExpr>(e)) {
    if (ce->getCastKind() == CK_PointerToBoolean) return unknown;
    if (ce->getCastKind() == CK_IntegralToBoolean || ce->getCastKind() == CK_NoOp)
      return evalCond(ce->getSubExpr(), s);
  }
  if (const auto *uo = dyn_cast<UnaryOperator>(e); uo && uo->getOpcode() == UO_LNot)
    return evalCond(uo->getSubExpr(), s).negated();
  if (const auto *bo = dyn_cast<BinaryOperator>(e)) {
    if (bo->isComparisonOp()) {
      if (!bo->getLHS()->getType()->isIntegralOrEnumerationType() ||
          !bo->getRHS()->getType()->isIntegralOrEnumerationType())
        return unknown;
      std::optional<Lin> l = evalInt(bo->getLHS(), s), r = evalInt(bo->getRHS(), s);
      if (!l || !r) return unknown;
      std::optional<Lin> d = sub(*l, *r);
      if (!d) return unknown;
      Cond c;
      c.op = bo->getOpcode();
      c.value = s.cons.decide(*d, c.op);
      if (!c.value) c.lhs = d;
      return c;
    }
    if (bo->getOpcode() == BO_LAnd || bo->getOpcode() == BO_LOr) {
      bool isAnd = bo->getOpcode() == BO_LAnd;
      Cond a = evalCond(bo->getLHS(), s);
      if (!a.value) return unknown;
      if (*a.value != isAnd) return a; // false && ..., true || ...
      return evalCond(bo->getRHS(), s);
    }
    if (bo->getOpcode() == BO_Comma) return evalCond(bo->getRHS(), s);
  }
  if (!e->getType()->isIntegralOrEnumerationType()) return unknown;
  std::optional<Lin> v = evalInt(e, s);
  if (!v) return unknown;
  Cond c;
  c.op = BO_NE;
  c.value = s.cons.decide(*v, BO_NE);
  if (!c.value) c.lhs = v;
  return c;
}

Region Explorer::unknownRegion(const VarDecl *v, const std::string &why) {
  Region r;
  r.root = v;
  Region::Step st;
  st.index = Lin::atom(atoms_.intern("region:" + std::to_string(reinterpret_cast<uintptr_t>(v)) + ":" + why, false));
  r.steps.push_back(st);
  return r;
}

std::optional<Region> Explorer::regionOfLvalue(const Expr *e, State &s) {
  if (!e) return std::nullopt;
  e = e->IgnoreParens();
  if (const auto *ce = dyn_cast<CastExpr>(e)) {
    switch (ce->getCastKind()) {
    case CK_NoOp:
    case CK_DerivedToBase:
    case CK_UncheckedDerivedToBase:
    case CK_LValueBitCast:
      return regionOfLvalue(ce->getSubExpr(), s);
    default: return std::nullopt;
    }
  }
  if (const auto *dr = dyn_cast<DeclRefExpr>(e)) {
    const auto *v = dyn_cast<VarDecl>(dr->getDecl());
    if (!v) return std::nullopt;
    if (v->getType()->isReferenceType()) {
      auto it = top(s).env.find(v);
      if (it != top(s).env.end() && it->second.addr) return it->second.addr;
    }
    Region r;
    r.root = v;
    return r;
  }
  if (const auto *as = dyn_cast<ArraySubscriptExpr>(e)) {
    std::optional<Region> r = regionOfPointer(as->getBase(), s);
    if (!r) return std::nullopt;
    std::optional<Lin> idx = evalInt(as->getIdx(), s);
    r->offsetBytes(idx ? scale(*idx, sizeOf(as->getType())) : std::nullopt);
    return r;
  }
  if (const auto *uo = dyn_cast<UnaryOperator>(e); uo && uo->getOpcode() == UO_Deref)
    return regionOfPointer(uo->getSubExpr(), s);
  if (const auto *me = dyn_cast<MemberExpr>(e)) {
    const auto *fd = dyn_cast<FieldDecl>(me->getMemberDecl());
    if (!fd) return std::nullopt;
    std::optional<Region> r = me->isArrow() ? regionOfPointer(me->getBase(), s) : regionOfLvalue(me->getBase(), s);
    if (!r) return std::nullopt;
    Region::Step st;
    st.field = fd;
    r->steps.push_back(st);
    return r;
  }
  return std::nullopt;
}

std::optional<Region> Explorer::regionOfPointer(const Expr *e, State &s) {
  if (!e) return std::nullopt;
  e = e->IgnoreParens();
  if (const auto *ce = dyn_cast<CastExpr>(e)) {
    const Expr *sub = ce->getSubExpr();
    switch (ce->getCastKind()) {
    case CK_ArrayToPointerDecay: {
      std::optional<Region> r = regionOfLvalue(sub, s);
      if (!r) return std::nullopt;
      QualType elem = sub->getType()->isArrayType() ? ast_.getAsArrayType(sub->getType())->getElementType() : sub->getType();
      Region::Step st;
      st.index = Lin::constant(0);
      st.stride = sizeOf(elem);
      r->steps.push_back(st);
      return r;
    }
    case CK_LValueToRValue: {
      const auto *dr = dyn_cast<DeclRefExpr>(sub->IgnoreParens());
      const auto *v = dr ? dyn_cast<VarDecl>(dr->getDecl()) : nullptr;
      if (!v || !v->getType()->isPointerType()) return std::nullopt;
      if (isTracked(s, v)) {
        auto it = top(s).env.find(v);
        if (it == top(s).env.end() || !it->second.addr) return std::nullopt;
        return it->second.addr;
      }
      return pointeeRegion(v);
    }
    case CK_NoOp:
    case CK_BitCast:
    case CK_AddressSpaceConversion:
      if (sub->getType()->isPointerType()) return regionOfPointer(sub, s);
      return std::nullopt;
    case CK_IntegralToPointer: return regionOfInt(sub, s);
    default: return std::nullopt;
    }
  }
  if (const auto *uo = dyn_cast<UnaryOperator>(e); uo && uo->getOpcode() == UO_AddrOf)
    return regionOfLvalue(uo->getSubExpr(), s);
  if (const auto *bo = dyn_cast<BinaryOperator>(e); bo && (bo->getOpcode() == BO_Add || bo->getOpcode() == BO_Sub)) {
    const Expr *ptr = bo->getLHS(), *n = bo->getRHS();
    if (!ptr->getType()->isPointerType()) std::swap(ptr, n);
    if (!ptr->getType()->isPointerType() || !n->getType()->isIntegralOrEnumerationType()) return std::nullopt;
    std::optional<Region> r = regionOfPointer(ptr, s);
    if (!r) return std::nullopt;
    std::optional<Lin> k = evalInt(n, s);
    int64_t elem = sizeOf(ptr->getType()->getPointeeType());
    r->offsetBytes(k ? scale(*k, bo->getOpcode() == BO_Sub ? -elem : elem) : std::nullopt);
    return r;
  }
  if (const auto *call = dyn_cast<CallExpr>(e); call && call->getNumArgs() == 1) {
    llvm::StringRef name = call->getDirectCallee() && call->getDirectCallee()->getIdentifier()
                               ? call->getDirectCallee()->getName()
                               : "";
    if (name == "__cvta_shared_to_generic") return regionOfInt(call->getArg(0), s);
  }
  return std::nullopt;
}

// An integer holding an address: cp.async's operands,
// `__cvta_generic_to_shared(p)` and offsets from it.
std::optional<Region> Explorer::regionOfInt(const Expr *e, State &s) {
  if (!e) return std::nullopt;
  e = e->IgnoreParens();
  if (const auto *ce = dyn_cast<CastExpr>(e)) {
    const Expr *sub = ce->getSubExpr();
    if (ce->getCastKind() == CK_LValueToRValue) {
      const auto *dr = dyn_cast<DeclRefExpr>(sub->IgnoreParens());
      const auto *v = dr ? dyn_cast<VarDecl>(dr->getDecl()) : nullptr;
      if (!v || !isTracked(s, v)) return std::nullopt;
      auto it = top(s).env.find(v);
      return it == top(s).env.end() ? std::nullopt : it->second.addr;
    }
    if (sub->getType()->isPointerType()) return regionOfPointer(sub, s);
    return regionOfInt(sub, s);
  }
  if (const auto *call = dyn_cast<CallExpr>(e); call && call->getNumArgs() == 1) {
    llvm::StringRef name = call->getDirectCallee() && call->getDirectCallee()->getIdentifier()
                               ? call->getDirectCallee()->getName()
                               : "";
    if (name == "__cvta_generic_to_shared" || name == "__cvta_generic_to_global")
      return regionOfPointer(call->getArg(0), s);
  }
  // A helper like CUTLASS's cast_smem_ptr_to_uint(p): `return __cvta_generic_to_shared(p);`
  if (const auto *call = dyn_cast<CallExpr>(e))
    if (const FunctionDecl *fd = call->getDirectCallee())
      if (int i = addressOfParam(fd); i >= 0 && unsigned(i) < call->getNumArgs())
        return regionOfPointer(call->getArg(i), s);
  if (const auto *bo = dyn_cast<BinaryOperator>(e); bo && (bo->getOpcode() == BO_Add || bo->getOpcode() == BO_Sub)) {
    std::optional<Region> r = regionOfInt(bo->getLHS(), s);
    const Expr *n = bo->getRHS();
    if (!r && bo->getOpcode() == BO_Add) r = regionOfInt(bo->getRHS(), s), n = bo->getLHS();
    if (!r) return std::nullopt;
    std::optional<Lin> k = evalInt(n, s);
    if (k && bo->getOpcode() == BO_Sub) k = scale(*k, -1);
    r->offsetBytes(k);
    return r;
  }
  return std::nullopt;
}

// The parameter a function returns the shared-window address of (its body
// is `return __cvta_generic_to_shared(param);`, casts aside), or -1.
int Explorer::addressOfParam(const FunctionDecl *fd) {
  auto [it, inserted] = addressOfParam_.try_emplace(fd, -1);
  if (!inserted) return it->second;
  const FunctionDecl *def = fd->getDefinition();
  const auto *body = def ? dyn_cast_or_null<CompoundStmt>(def->getBody()) : nullptr;
  if (!body || body->size() != 1) return -1;
  const auto *ret = dyn_cast<ReturnStmt>(body->body_front());
  const auto *call = ret && ret->getRetValue() ? dyn_cast<CallExpr>(ret->getRetValue()->IgnoreParenCasts()) : nullptr;
  const FunctionDecl *callee = call ? call->getDirectCallee() : nullptr;
  if (!callee || !callee->getIdentifier() || callee->getName() != "__cvta_generic_to_shared" || call->getNumArgs() != 1)
    return -1;
  const auto *dr = dyn_cast<DeclRefExpr>(call->getArg(0)->IgnoreParenCasts());
  const auto *p = dr ? dyn_cast<ParmVarDecl>(dr->getDecl()) : nullptr;
  int index = p ? int(p->getFunctionScopeIndex()) : -1;
  addressOfParam_[fd] = index;
  return index;
}

std::optional<Region> Explorer::regionOfAddress(const Expr *e, State &s) {
  if (!e) return std::nullopt;
  QualType t = e->getType();
  if (t->isPointerType()) return regionOfPointer(e, s);
  if (t->isIntegralOrEnumerationType()) return regionOfInt(e, s);
  return regionOfLvalue(e, s);
}

Val Explorer::valueOfInit(const VarDecl *v, const Expr *init, State &s) {
  Val val;
  if (v->getType()->isPointerType()) {
    val.addr = regionOfPointer(init, s);
    if (!val.addr) val.addr = unknownRegion(v, std::to_string(reinterpret_cast<uintptr_t>(init)));
    return val;
  }
  val.num = evalInt(init, s);
  val.addr = regionOfInt(init, s);
  if (!val.num)
    val.num = Lin::atom(atoms_.intern("init:" + std::to_string(reinterpret_cast<uintptr_t>(init)), threadDependentExpr(s, init)));
  return val;
}

void Explorer::havoc(State &s, const VarDecl *v, const std::string &why, bool threadDependent) {
  Frame &f = top(s);
  Val &val = f.env[v];
  std::string old = (val.num ? val.num->key() : "") + "/" + (val.addr ? val.addr->key() : "");
  if (v->getType()->isPointerType()) {
    val.addr = unknownRegion(v, why + old);
    val.num.reset();
    return;
  }
  bool td = threadDependent || (val.num && atoms_.threadDependent(*val.num));
  val.num = Lin::atom(atoms_.intern("havoc:" + std::to_string(reinterpret_cast<uintptr_t>(v)) + ":" + why + ":" + old, td));
  val.addr.reset();
}

// `site` assigns the tracked variable `v`.
void Explorer::assign(State &s, const VarDecl *v, const Stmt *site) {
  Frame &f = top(s);
  Val cur = f.env.count(v) ? f.env[v] : Val{};
  Val next;
  std::string why = std::to_string(reinterpret_cast<uintptr_t>(site));
  if (const auto *bo = dyn_cast<BinaryOperator>(site)) {
    const Expr *rhs = bo->getRHS();
    if (bo->getOpcode() == BO_Assign) {
      next = valueOfInit(v, rhs, s);
    } else if (v->getType()->isPointerType()) {
      if (cur.addr && (bo->getOpcode() == BO_AddAssign || bo->getOpcode() == BO_SubAssign)) {
        next.addr = cur.addr;
        std::optional<Lin> k = evalInt(rhs, s);
        int64_t elem = sizeOf(v->getType()->getPointeeType());
        next.addr->offsetBytes(k ? scale(*k, bo->getOpcode() == BO_SubAssign ? -elem : elem) : std::nullopt);
      }
    } else {
      next.num = binary(BinaryOperator::getOpForCompoundAssignment(bo->getOpcode()), cur.num, evalInt(rhs, s), nullptr, s);
      if (cur.addr && (bo->getOpcode() == BO_AddAssign || bo->getOpcode() == BO_SubAssign)) {
        next.addr = cur.addr;
        std::optional<Lin> k = evalInt(rhs, s);
        if (k && bo->getOpcode() == BO_SubAssign) k = scale(*k, -1);
        next.addr->offsetBytes(k);
      }
    }
  } else if (const auto *uo = dyn_cast<UnaryOperator>(site)) {
    int64_t delta = uo->isIncrementOp() ? 1 : -1;
    if (v->getType()->isPointerType()) {
      if (cur.addr) {
        next.addr = cur.addr;
        next.addr->offsetBytes(Lin::constant(delta * sizeOf(v->getType()->getPointeeType())));
      }
    } else if (cur.num) {
      next.num = add(*cur.num, Lin::constant(delta));
    }
  }
  if (v->getType()->isPointerType() && !next.addr) next.addr = unknownRegion(v, why);
  if (!v->getType()->isPointerType() && !next.num) {
    bool td = (cur.num && atoms_.threadDependent(*cur.num));
    if (const auto *e = dyn_cast<Expr>(site)) td = td || threadDependentExpr(s, e);
    next.num = Lin::atom(atoms_.intern("assign:" + why + ":" + (cur.num ? cur.num->key() : ""), td));
  }
  f.env[v] = next;
}

} // namespace asynccopy
} // namespace warpcheck
