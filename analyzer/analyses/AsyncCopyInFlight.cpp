// The pass that decides whether an entry's exploration can report (see
// AsyncCopyInFlight.h). Each step mirrors Explorer::process
// (AsyncCopyPaths.cpp) and the transfer of AsyncCopyThreadBatches.cpp, in
// the same order, erring towards "may report".
#include "analyzer/analyses/AsyncCopyInFlight.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include <algorithm>
#include <iterator>
#include <vector>

namespace warpcheck {
namespace asynccopy {
namespace {

bool lessDecl(const ValueDecl *a, const ValueDecl *b) { return std::less<const ValueDecl *>()(a, b); }

Roots unite(const Roots &a, const Roots &b) {
  if (b.empty()) return a;
  if (a.empty()) return b;
  Roots out;
  std::set_union(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out), lessDecl);
  return out;
}

// Adds `b` to `a`; whether `a` grew.
bool addTo(Roots &a, const Roots &b) {
  Roots u = unite(a, b);
  if (u.size() == a.size()) return false;
  a = std::move(u);
  return true;
}

void addTo(Roots &a, const ValueDecl *v) {
  auto it = std::lower_bound(a.begin(), a.end(), v, lessDecl);
  if (it == a.end() || *it != v) a.insert(it, v);
}

bool meet(const Roots &a, const Roots &b) {
  auto i = a.begin(), j = b.begin();
  while (i != a.end() && j != b.end()) {
    if (*i == *j) return true;
    if (lessDecl(*i, *j)) ++i;
    else ++j;
  }
  return false;
}

// An access Explorer::access ignores: of a local variable itself.
bool isLocalVariable(const Expr *lvalue) {
  if (const auto *dr = dyn_cast<DeclRefExpr>(lvalue->IgnoreParenImpCasts()))
    if (const auto *v = dyn_cast<VarDecl>(dr->getDecl()))
      return v->hasLocalStorage() && !v->getType()->isReferenceType();
  return false;
}

// The number of batches a wait leaves in flight, when it is the same on
// every path: the API's count, or a count expression the explorer's
// evalInt() takes from clang's evaluator (not a variable's value, which
// depends on the path). `all` is set when the explorer retires every
// batch without a count (cp.async.wait_all, a group's wait).
std::optional<int64_t> fixedKeep(const AsyncOp &op, const ASTContext &ast, bool &all) {
  all = false;
  if (op.count) return op.count;
  if (!op.countExpr) {
    all = true;
    return std::nullopt;
  }
  const Expr *e = op.countExpr;
  if (e->isValueDependent() || e->isTypeDependent()) return std::nullopt;
  e = e->IgnoreParens();
  if (!e->getType()->isIntegralOrEnumerationType() || isa<DeclRefExpr>(e)) return std::nullopt;
  Expr::EvalResult r;
  if (e->EvaluateAsInt(r, ast) && r.Val.isInt() && r.Val.getInt().getSignificantBits() <= 64)
    return r.Val.getInt().getExtValue();
  return std::nullopt;
}

// The variable an lvalue names directly: through parentheses, no-op casts,
// fields (`.`) and elements of real arrays; null through a pointer.
const VarDecl *chainRoot(const Expr *e) {
  while (e) {
    e = e->IgnoreParens();
    if (const auto *dr = dyn_cast<DeclRefExpr>(e)) return dyn_cast<VarDecl>(dr->getDecl());
    if (const auto *me = dyn_cast<MemberExpr>(e)) {
      // A static data member named through an object (`t.I`) is the member.
      if (const auto *v = dyn_cast<VarDecl>(me->getMemberDecl())) return v;
      if (me->isArrow()) return nullptr;
      e = me->getBase();
    } else if (const auto *ase = dyn_cast<ArraySubscriptExpr>(e)) {
      const auto *decay = dyn_cast<ImplicitCastExpr>(ase->getBase()->IgnoreParens());
      if (!decay || decay->getCastKind() != CK_ArrayToPointerDecay) return nullptr;
      e = decay->getSubExpr();
    } else if (const auto *ic = dyn_cast<ImplicitCastExpr>(e); ic && ic->getCastKind() == CK_NoOp) {
      e = ic->getSubExpr();
    } else {
      return nullptr;
    }
  }
  return nullptr;
}

// Whether an lvalue is (a field or element of) a temporary the expression
// itself materialises (`config(...).nbatch_fa`): no name, so no copy
// issued before can be rooted at it.
bool temporaryRoot(const Expr *e) {
  while (e) {
    e = e->IgnoreParens();
    if (isa<MaterializeTemporaryExpr>(e)) return true;
    if (const auto *me = dyn_cast<MemberExpr>(e)) {
      if (me->isArrow() || !isa<FieldDecl>(me->getMemberDecl())) return false;
      e = me->getBase();
    } else if (const auto *ic = dyn_cast<ImplicitCastExpr>(e); ic && ic->getCastKind() == CK_NoOp) {
      e = ic->getSubExpr();
    } else {
      return false;
    }
  }
  return false;
}

// Whether a value of `t` holds numbers only: the explorer gives a pointer
// (even one inside an array or a struct) a region rooted at the variable
// that holds it (pointeeRegion, unknownRegion).
bool holdsNoPointer(QualType t) {
  t = t.getCanonicalType();
  while (const ArrayType *a = t->getAsArrayTypeUnsafe()) t = a->getElementType().getCanonicalType();
  if (t->isArithmeticType() || t->isEnumeralType()) return true;
  const auto *rd = t->getAsCXXRecordDecl();
  if (!rd || !rd->hasDefinition() || rd->isUnion()) return false;
  for (const CXXBaseSpecifier &b : rd->bases())
    if (!holdsNoPointer(b.getType())) return false;
  for (const FieldDecl *f : rd->fields())
    if (!holdsNoPointer(f->getType())) return false;
  return true;
}

// The variables of a body (locals, by-value parameters) that are only ever
// named to be read, assigned, incremented or copied, through fields and
// elements of real arrays: never their address, a reference bound to them
// (const or not), an array decayed to a pointer, a capture. No region of
// the explorer can then have one of them as its root but the accesses'
// own, so no copy is ever to or from them.
std::set<const VarDecl *> privateLocals(const Stmt *body) {
  struct Uses : RecursiveASTVisitor<Uses> {
    std::set<const DeclRefExpr *> plain;
    std::set<const VarDecl *> named, escaped;
    void use(const Expr *e) {
      while (e) {
        e = e->IgnoreParens();
        if (const auto *dr = dyn_cast<DeclRefExpr>(e)) {
          plain.insert(dr);
          return;
        }
        if (const auto *me = dyn_cast<MemberExpr>(e)) {
          if (me->isArrow()) return;
          e = me->getBase();
        } else if (const auto *ase = dyn_cast<ArraySubscriptExpr>(e)) {
          const auto *decay = dyn_cast<ImplicitCastExpr>(ase->getBase()->IgnoreParens());
          if (!decay || decay->getCastKind() != CK_ArrayToPointerDecay) return;
          e = decay->getSubExpr();
        } else if (const auto *ic = dyn_cast<ImplicitCastExpr>(e); ic && ic->getCastKind() == CK_NoOp) {
          e = ic->getSubExpr();
        } else {
          return;
        }
      }
    }
    bool VisitImplicitCastExpr(ImplicitCastExpr *ic) {
      if (ic->getCastKind() == CK_LValueToRValue) use(ic->getSubExpr());
      return true;
    }
    bool VisitBinaryOperator(BinaryOperator *bo) {
      if (bo->isAssignmentOp()) use(bo->getLHS());
      return true;
    }
    bool VisitUnaryOperator(UnaryOperator *uo) {
      if (uo->isIncrementDecrementOp()) use(uo->getSubExpr());
      return true;
    }
    bool VisitCXXConstructExpr(CXXConstructExpr *ce) {
      if (ce->getNumArgs() == 1 && ce->getConstructor() && ce->getConstructor()->isTrivial() &&
          (ce->getConstructor()->isCopyConstructor() || ce->getConstructor()->isMoveConstructor()))
        use(ce->getArg(0));
      return true;
    }
    bool VisitDeclRefExpr(DeclRefExpr *dr) {
      if (const auto *v = dyn_cast<VarDecl>(dr->getDecl())) named.insert(v);
      return true;
    }
    bool VisitLambdaExpr(LambdaExpr *l) {
      for (const LambdaCapture &c : l->captures())
        if (c.capturesVariable())
          if (const auto *v = dyn_cast<VarDecl>(c.getCapturedVar())) escaped.insert(v);
      return true;
    }
  } uses;
  uses.TraverseStmt(const_cast<Stmt *>(body));
  // A name that is not one of the uses above hands the storage out.
  struct Others : RecursiveASTVisitor<Others> {
    const std::set<const DeclRefExpr *> *plain;
    std::set<const VarDecl *> *escaped;
    bool VisitDeclRefExpr(DeclRefExpr *dr) {
      if (const auto *v = dyn_cast<VarDecl>(dr->getDecl()); v && !plain->count(dr)) escaped->insert(v);
      return true;
    }
  } others;
  others.plain = &uses.plain;
  others.escaped = &uses.escaped;
  others.TraverseStmt(const_cast<Stmt *>(body));
  std::set<const VarDecl *> out;
  for (const VarDecl *v : uses.named)
    if (!uses.escaped.count(v)) out.insert(v);
  return out;
}

// The roots a frame's variables may hold (Frame::env: a reference's or a
// pointer's region, an integer's address), whatever the path: what its
// parameters are bound to, joined with what every declaration and
// assignment of the function may store (see Pass::frameEnv).
using Env = llvm::DenseMap<const VarDecl *, Roots>;
using Binding = std::vector<std::pair<const ParmVarDecl *, Roots>>;

class Pass {
public:
  Pass(AnalysisContext &ctx, Cache &cache, InFlightMemo &memo) : ctx_(ctx), cache_(cache), memo_(memo) {}

  // `binding`: the roots of the regions the explorer may bind each
  // parameter to (Explorer::pushFrame), none for an entry.
  InFlightSummary summary(const FunctionDecl *fn, const InFlight &entry, const Binding &binding = {}) {
    FunctionInfo *info = functionInfo(ctx_, cache_, fn);
    if (!info) return {true, {}}; // callers check inlinable() first
    std::vector<const void *> key{info->fn,
                                  reinterpret_cast<const void *>(uintptr_t(entry.any) | uintptr_t(entry.open) << 1 |
                                                                 uintptr_t(entry.known) << 2)};
    for (const Roots *r : {&entry.dst, &entry.src, &entry.openDst, &entry.openSrc}) {
      key.push_back(reinterpret_cast<const void *>(uintptr_t(r->size())));
      key.insert(key.end(), r->begin(), r->end());
    }
    for (const auto &[p, r] : binding) {
      key.push_back(p);
      key.push_back(reinterpret_cast<const void *>(uintptr_t(r.size())));
      key.insert(key.end(), r.begin(), r.end());
    }
    if (auto it = memo_.summaries.find(key); it != memo_.summaries.end()) {
      ++memo_.reused;
      return it->second;
    }
    if (!memo_.inProgress.insert(info->fn).second) return {true, {}};
    ++memo_.computed;
    Env env = frameEnv(*info, binding);
    InFlightSummary out = walk(*info, entry, env);
    memo_.inProgress.erase(info->fn);
    return memo_.summaries[key] = out;
  }

private:
  // ---- roots: Explorer::regionOf* (AsyncCopyEval.cpp), case for case,
  // each the set of roots the region it computes may have on any path
  // (empty where it computes none) ----

  Roots varRoots(const Env &env, const VarDecl *v) {
    auto it = env.find(v);
    return it == env.end() ? Roots{} : it->second;
  }

  // The variable `sub`, the operand of an lvalue-to-rvalue cast, names, or
  // null.
  static const VarDecl *variableRead(const Expr *sub) {
    const auto *dr = dyn_cast<DeclRefExpr>(sub->IgnoreParens());
    return dr ? dyn_cast<VarDecl>(dr->getDecl()) : nullptr;
  }

  // regionOfLvalue
  Roots lvalueRoots(const Expr *e, const Env &env) {
    if (!e) return {};
    e = e->IgnoreParens();
    if (const auto *ce = dyn_cast<CastExpr>(e)) {
      switch (ce->getCastKind()) {
      case CK_NoOp:
      case CK_DerivedToBase:
      case CK_UncheckedDerivedToBase:
      case CK_LValueBitCast:
        return lvalueRoots(ce->getSubExpr(), env);
      default: return {};
      }
    }
    if (const auto *dr = dyn_cast<DeclRefExpr>(e)) {
      const auto *v = dyn_cast<VarDecl>(dr->getDecl());
      if (!v) return {};
      // A reference: the region it was bound to, or else itself.
      Roots r = v->getType()->isReferenceType() ? varRoots(env, v) : Roots{};
      addTo(r, v);
      return r;
    }
    if (const auto *as = dyn_cast<ArraySubscriptExpr>(e)) return pointerRoots(as->getBase(), env);
    if (const auto *uo = dyn_cast<UnaryOperator>(e); uo && uo->getOpcode() == UO_Deref)
      return pointerRoots(uo->getSubExpr(), env);
    if (const auto *me = dyn_cast<MemberExpr>(e)) {
      if (!isa<FieldDecl>(me->getMemberDecl())) return {};
      return me->isArrow() ? pointerRoots(me->getBase(), env) : lvalueRoots(me->getBase(), env);
    }
    return {};
  }

  // regionOfPointer
  Roots pointerRoots(const Expr *e, const Env &env) {
    if (!e) return {};
    e = e->IgnoreParens();
    if (const auto *ce = dyn_cast<CastExpr>(e)) {
      const Expr *sub = ce->getSubExpr();
      switch (ce->getCastKind()) {
      case CK_ArrayToPointerDecay: return lvalueRoots(sub, env);
      case CK_LValueToRValue: {
        const VarDecl *v = variableRead(sub);
        if (!v || !v->getType()->isPointerType()) return {};
        // Its value on the path, or (not tracked) pointeeRegion: itself.
        Roots r = varRoots(env, v);
        addTo(r, v);
        return r;
      }
      case CK_NoOp:
      case CK_BitCast:
      case CK_AddressSpaceConversion:
        if (sub->getType()->isPointerType()) return pointerRoots(sub, env);
        return {};
      case CK_IntegralToPointer: return integerRoots(sub, env);
      default: return {};
      }
    }
    if (const auto *uo = dyn_cast<UnaryOperator>(e); uo && uo->getOpcode() == UO_AddrOf)
      return lvalueRoots(uo->getSubExpr(), env);
    if (const auto *bo = dyn_cast<BinaryOperator>(e); bo && (bo->getOpcode() == BO_Add || bo->getOpcode() == BO_Sub)) {
      const Expr *ptr = bo->getLHS(), *n = bo->getRHS();
      if (!ptr->getType()->isPointerType()) std::swap(ptr, n);
      if (!ptr->getType()->isPointerType() || !n->getType()->isIntegralOrEnumerationType()) return {};
      return pointerRoots(ptr, env);
    }
    if (const auto *call = dyn_cast<CallExpr>(e); call && call->getNumArgs() == 1)
      if (calleeNamed(call, "__cvta_shared_to_generic")) return integerRoots(call->getArg(0), env);
    return {};
  }

  // regionOfInt
  Roots integerRoots(const Expr *e, const Env &env) {
    if (!e) return {};
    e = e->IgnoreParens();
    if (const auto *ce = dyn_cast<CastExpr>(e)) {
      const Expr *sub = ce->getSubExpr();
      if (ce->getCastKind() == CK_LValueToRValue) {
        const VarDecl *v = variableRead(sub);
        if (!v) return {};
        // A pointer's value may also be rooted at itself (unknownRegion).
        Roots r = varRoots(env, v);
        if (v->getType()->isPointerType()) addTo(r, v);
        return r;
      }
      if (sub->getType()->isPointerType()) return pointerRoots(sub, env);
      return integerRoots(sub, env);
    }
    if (const auto *call = dyn_cast<CallExpr>(e); call && call->getNumArgs() == 1)
      if (calleeNamed(call, "__cvta_generic_to_shared") || calleeNamed(call, "__cvta_generic_to_global"))
        return pointerRoots(call->getArg(0), env);
    if (const auto *call = dyn_cast<CallExpr>(e))
      if (const FunctionDecl *fd = call->getDirectCallee())
        if (int i = addressOfParam(fd); i >= 0 && unsigned(i) < call->getNumArgs())
          return pointerRoots(call->getArg(i), env);
    if (const auto *bo = dyn_cast<BinaryOperator>(e); bo && (bo->getOpcode() == BO_Add || bo->getOpcode() == BO_Sub))
      return unite(integerRoots(bo->getLHS(), env), integerRoots(bo->getRHS(), env));
    return {};
  }

  // regionOfAddress
  Roots addressRoots(const Expr *e, const Env &env) {
    if (!e) return {};
    QualType t = e->getType();
    if (t->isPointerType()) return pointerRoots(e, env);
    if (t->isIntegralOrEnumerationType()) return integerRoots(e, env);
    return lvalueRoots(e, env);
  }

  static bool calleeNamed(const CallExpr *call, llvm::StringRef name) {
    const FunctionDecl *fd = call->getDirectCallee();
    return fd && fd->getIdentifier() && fd->getName() == name;
  }

  // Explorer::addressOfParam: the parameter a function returns the
  // shared-window address of (`return __cvta_generic_to_shared(param);`).
  int addressOfParam(const FunctionDecl *fd) {
    auto [it, inserted] = addressOfParam_.try_emplace(fd, -1);
    if (!inserted) return it->second;
    const FunctionDecl *def = fd->getDefinition();
    const auto *body = def ? dyn_cast_or_null<CompoundStmt>(def->getBody()) : nullptr;
    if (!body || body->size() != 1) return -1;
    const auto *ret = dyn_cast<ReturnStmt>(body->body_front());
    const auto *call = ret && ret->getRetValue() ? dyn_cast<CallExpr>(ret->getRetValue()->IgnoreParenCasts()) : nullptr;
    if (!call || call->getNumArgs() != 1 || !calleeNamed(call, "__cvta_generic_to_shared")) return -1;
    const auto *dr = dyn_cast<DeclRefExpr>(call->getArg(0)->IgnoreParenCasts());
    const auto *p = dr ? dyn_cast<ParmVarDecl>(dr->getDecl()) : nullptr;
    return it->second = p ? int(p->getFunctionScopeIndex()) : -1;
  }
  std::map<const FunctionDecl *, int> addressOfParam_;

  // What a value stored in `v` may be rooted at: Explorer::valueOfInit,
  // and the reference a declaration binds (Explorer::process).
  Roots storedRoots(const VarDecl *v, const Expr *value, const Env &env) {
    if (v->getType()->isReferenceType()) return lvalueRoots(value, env);
    if (v->getType()->isPointerType()) return pointerRoots(value, env);
    return integerRoots(value, env);
  }

  // The frame's variables, to a fixed point over every element of the
  // CFG the explorer may process: each declaration's initialiser and each
  // plain assignment (Explorer::assign; a compound one or an increment
  // moves the region it holds, a havoc roots it at the variable itself,
  // which pointerRoots adds anyway).
  Env frameEnv(FunctionInfo &info, const Binding &binding) {
    // The stores, listed once per function.
    auto [it, fresh] = memo_.stores.try_emplace(info.fn);
    std::vector<std::pair<const VarDecl *, const Expr *>> &stores = it->second;
    if (fresh)
      for (const CFGBlock *b : info.blocks) {
        if (!b) continue;
        for (const CFGElement &el : *b) {
          auto cs = el.getAs<CFGStmt>();
          if (!cs) continue;
          const Stmt *s = cs->getStmt();
          if (const auto *ds = dyn_cast<DeclStmt>(s)) {
            for (const Decl *d : ds->decls())
              if (const auto *v = dyn_cast<VarDecl>(d); v && v->getInit()) stores.push_back({v, v->getInit()});
            continue;
          }
          if (const VarDecl *v = assignedVar(s))
            if (const auto *bo = dyn_cast<BinaryOperator>(s); bo && bo->getOpcode() == BO_Assign)
              stores.push_back({v, bo->getRHS()});
        }
      }
    Env env;
    for (const auto &[p, r] : binding) env[p] = r;
    for (bool changed = !stores.empty(); changed;) {
      changed = false;
      for (const auto &[v, value] : stores) {
        Roots r = storedRoots(v, value, env);
        if (!r.empty() && addTo(env[v], r)) changed = true;
      }
    }
    return env;
  }

  // The roots Explorer::pushFrame may bind each parameter of `def` to.
  Binding bind(const CallExpr *call, const FunctionDecl *def, const Env &env) {
    Binding out;
    unsigned shift = isa<CXXOperatorCallExpr>(call) && isa<CXXMethodDecl>(def) ? 1 : 0;
    for (unsigned i = 0; i < def->getNumParams() && i + shift < call->getNumArgs(); ++i) {
      const ParmVarDecl *p = def->getParamDecl(i);
      const Expr *arg = call->getArg(i + shift);
      if (const auto *da = dyn_cast<CXXDefaultArgExpr>(arg)) arg = da->getExpr();
      Roots r = storedRoots(p, arg, env);
      if (!r.empty()) out.push_back({p, std::move(r)});
    }
    return out;
  }

  // Whether an access of a region with roots `r` may be a candidate
  // against a copy in flight (Explorer::accessRegion: the same root as the
  // copy's destination, or as its source for a write).
  static bool reaches(const InFlight &st, const Roots &r, bool write) {
    if (!st.any || r.empty()) return false;
    if (!st.known) return true;
    return meet(r, st.dst) || (write && meet(r, st.src));
  }

  // The side of a two-way branch the explorer takes on every path
  // (Explorer::branch): its condition, chosen as the explorer chooses it,
  // decided by constants alone. A summarised loop is entered either way.
  std::optional<unsigned> decidedSide(FunctionInfo &info, const CFGBlock *b) {
    // With one side unreachable the explorer takes the other, decided or not.
    if (b->succ_size() != 2) return std::nullopt;
    for (const CFGBlock::AdjacentBlock &a : b->succs())
      if (!a.getReachableBlock()) return std::nullopt;
    std::optional<bool> value = constantCond(branchCondition(b));
    if (!value) return std::nullopt;
    const FunctionInfo::Summary &sm = info.summary(b->getBlockID());
    if (sm.ok && sm.loop && *value) return std::nullopt;
    return *value ? 0u : 1u;
  }

  // Explorer::evalCond where it decides without the path: the same cases,
  // each operand a constant for evalInt (clang's evaluator, not a variable).
  std::optional<bool> constantCond(const Expr *e) {
    if (!e || e->isValueDependent()) return std::nullopt;
    e = e->IgnoreParens();
    if (const auto *ew = dyn_cast<ExprWithCleanups>(e)) return constantCond(ew->getSubExpr());
    if (const auto *ce = dyn_cast<CastExpr>(e)) {
      if (ce->getCastKind() == CK_PointerToBoolean) return std::nullopt;
      if (ce->getCastKind() == CK_IntegralToBoolean || ce->getCastKind() == CK_NoOp)
        return constantCond(ce->getSubExpr());
    }
    if (const auto *uo = dyn_cast<UnaryOperator>(e); uo && uo->getOpcode() == UO_LNot) {
      std::optional<bool> v = constantCond(uo->getSubExpr());
      return v ? std::optional<bool>(!*v) : std::nullopt;
    }
    if (const auto *bo = dyn_cast<BinaryOperator>(e)) {
      if (bo->isComparisonOp()) {
        if (!bo->getLHS()->getType()->isIntegralOrEnumerationType() ||
            !bo->getRHS()->getType()->isIntegralOrEnumerationType())
          return std::nullopt;
        std::optional<int64_t> l = constantInt(bo->getLHS()), r = constantInt(bo->getRHS());
        if (!l || !r) return std::nullopt;
        int64_t d;
        if (__builtin_sub_overflow(*l, *r, &d)) return std::nullopt;
        return compareWithZero(d, bo->getOpcode());
      }
      if (bo->getOpcode() == BO_LAnd || bo->getOpcode() == BO_LOr) {
        bool isAnd = bo->getOpcode() == BO_LAnd;
        std::optional<bool> a = constantCond(bo->getLHS());
        if (!a || *a != isAnd) return a;
        return constantCond(bo->getRHS());
      }
      if (bo->getOpcode() == BO_Comma) return constantCond(bo->getRHS());
    }
    if (!e->getType()->isIntegralOrEnumerationType()) return std::nullopt;
    std::optional<int64_t> v = constantInt(e);
    if (!v) return std::nullopt;
    return *v != 0;
  }

  // evalInt()'s constant: clang's evaluator on anything but a bare
  // variable (whose value the explorer takes from the path).
  std::optional<int64_t> constantInt(const Expr *e) {
    if (!e || e->isValueDependent() || e->isTypeDependent()) return std::nullopt;
    e = e->IgnoreParens();
    if (!e->getType()->isIntegralOrEnumerationType() || isa<DeclRefExpr>(e)) return std::nullopt;
    auto [it, fresh] = cache_.constants.try_emplace(e);
    if (fresh) {
      Expr::EvalResult r;
      if (e->EvaluateAsInt(r, ctx_.ast()) && r.Val.isInt() && r.Val.getInt().getSignificantBits() <= 64)
        it->second = r.Val.getInt().getExtValue();
    }
    return it->second;
  }

  AnalysisContext &ctx_;
  Cache &cache_;
  InFlightMemo &memo_;

  // Every block reachable from the entry, each with the join of the facts
  // of the paths that reach it, until nothing changes.
  InFlightSummary walk(FunctionInfo &info, const InFlight &entry, const Env &env) {
    InFlightSummary out;
    for (const ParmVarDecl *p : info.fn->parameters())
      if (isCudaPipelineType(p->getType())) return {true, {}}; // its end of life is checked
    // The facts at each block's entry; a loop head the explorer enters on
    // its first test (enteredLoopInit) has a second slot, for the paths
    // that come from the loop's initialisation. Work items are block * 2 +
    // (1 for that second slot).
    std::vector<std::optional<InFlight>> in(info.blocks.size()), entering(info.blocks.size());
    unsigned first = info.cfg->getEntry().getBlockID();
    in[first] = entry;
    std::vector<unsigned> work{first * 2};
    while (!work.empty()) {
      unsigned id = work.back() / 2;
      bool fromInit = work.back() % 2;
      work.pop_back();
      const CFGBlock *b = info.blocks[id];
      InFlight st = fromInit ? *entering[id] : *in[id];
      for (const CFGElement &el : *b)
        if (!step(info, el, st, env)) return {true, {}};
      // Where the explorer returns to the caller (Explorer::explore).
      if (b->succ_empty() || b == &info.cfg->getExit()) {
        out.exit = out.exit.join(st);
        continue;
      }
      std::optional<unsigned> only = fromInit ? std::optional<unsigned>(0) : decidedSide(info, b);
      const LoopFacts &loops = loopFacts(info);
      unsigned i = 0;
      for (const CFGBlock::AdjacentBlock &a : b->succs()) {
        const CFGBlock *to = a.getReachableBlock();
        if (only && i++ != *only) continue;
        if (!to) continue;
        const DeclStmt *init = loops.enteredInit[to->getBlockID()];
        bool toInit = init && init == loops.last[id];
        std::optional<InFlight> &slot = toInit ? entering[to->getBlockID()] : in[to->getBlockID()];
        InFlight next = slot ? slot->join(st) : st;
        if (slot && *slot == next) continue;
        slot = next;
        work.push_back(to->getBlockID() * 2 + toInit);
      }
    }
    return out;
  }

  // A `for` loop the explorer enters on its first test, whatever the path:
  // its initialisation declares one tracked integer with a constant value
  // (the explorer's evalInt of it, through the pass's cache of clang's
  // evaluator), the head's own statements do not assign it, and the
  // condition with that value is true as Explorer::evalCond decides it
  // (firstTest). The explorer then takes the body's side only
  // (Explorer::branch), or, where the loop does nothing to the copies,
  // explores its region once (summarise); the pass, on paths that come
  // from the initialisation, takes the body's side only too. The loop's
  // way out must be reachable from the body (through the back edge or a
  // break): every block the explorer's region walk (here or in a branch
  // around the loop that the explorer summarises) sees is then still
  // reached. The initialisation's DeclStmt, or null.
  const LoopFacts &loopFacts(FunctionInfo &info) {
    auto [it, fresh] = memo_.loops.try_emplace(info.fn);
    LoopFacts &out = it->second;
    if (!fresh) return out;
    out.last.assign(info.blocks.size(), nullptr);
    out.enteredInit.assign(info.blocks.size(), nullptr);
    for (size_t id = 0; id < info.blocks.size(); ++id) {
      if (!info.blocks[id]) continue;
      for (const CFGElement &el : *info.blocks[id])
        if (auto cs = el.getAs<CFGStmt>()) out.last[id] = cs->getStmt();
      out.enteredInit[id] = enteredLoopInit(info, info.blocks[id]);
    }
    return out;
  }

  const DeclStmt *enteredLoopInit(FunctionInfo &info, const CFGBlock *h) {
    const auto *loop = dyn_cast_or_null<ForStmt>(h->getTerminatorStmt());
    if (!loop || h->succ_size() != 2) return nullptr;
    const CFGBlock *body = h->succ_begin()->getReachableBlock(), *exit = (h->succ_begin() + 1)->getReachableBlock();
    if (!body || !exit) return nullptr;
    const auto *ds = dyn_cast_or_null<DeclStmt>(loop->getInit());
    if (!ds || !ds->isSingleDecl()) return nullptr;
    const auto *k = dyn_cast<VarDecl>(ds->getSingleDecl());
    if (!k || !k->getInit() || !info.tracked.count(k) || !k->getType()->isIntegralOrEnumerationType() ||
        isa<DeclRefExpr>(k->getInit()->IgnoreParens()))
      return nullptr;
    std::optional<int64_t> value = constantInt(k->getInit());
    if (!value) return nullptr;
    for (const CFGElement &el : *h)
      if (auto cs = el.getAs<CFGStmt>(); cs && assignedVar(cs->getStmt()) == k) return nullptr;
    std::optional<bool> enters = firstTest(branchCondition(h), k, *value);
    if (!enters || !*enters || !info.reach(body->getBlockID(), exit->getBlockID())) return nullptr;
    return ds;
  }

  // Explorer::evalCond where the path's only value it needs is `k`'s.
  std::optional<bool> firstTest(const Expr *e, const VarDecl *k, int64_t value) {
    if (!e || e->isValueDependent()) return std::nullopt;
    e = e->IgnoreParens();
    if (const auto *ew = dyn_cast<ExprWithCleanups>(e)) return firstTest(ew->getSubExpr(), k, value);
    if (const auto *ce = dyn_cast<CastExpr>(e)) {
      if (ce->getCastKind() == CK_PointerToBoolean) return std::nullopt;
      if (ce->getCastKind() == CK_IntegralToBoolean || ce->getCastKind() == CK_NoOp)
        return firstTest(ce->getSubExpr(), k, value);
    }
    if (const auto *uo = dyn_cast<UnaryOperator>(e); uo && uo->getOpcode() == UO_LNot) {
      std::optional<bool> v = firstTest(uo->getSubExpr(), k, value);
      return v ? std::optional<bool>(!*v) : std::nullopt;
    }
    if (const auto *bo = dyn_cast<BinaryOperator>(e)) {
      if (bo->isComparisonOp()) {
        if (!bo->getLHS()->getType()->isIntegralOrEnumerationType() ||
            !bo->getRHS()->getType()->isIntegralOrEnumerationType())
          return std::nullopt;
        std::optional<int64_t> l = firstValue(bo->getLHS(), k, value), r = firstValue(bo->getRHS(), k, value);
        int64_t minusR, d;
        if (!l || !r || __builtin_mul_overflow(*r, int64_t(-1), &minusR) || __builtin_add_overflow(*l, minusR, &d))
          return std::nullopt;
        return compareWithZero(d, bo->getOpcode());
      }
      if (bo->getOpcode() == BO_LAnd || bo->getOpcode() == BO_LOr) {
        bool isAnd = bo->getOpcode() == BO_LAnd;
        std::optional<bool> a = firstTest(bo->getLHS(), k, value);
        if (!a || *a != isAnd) return a;
        return firstTest(bo->getRHS(), k, value);
      }
      if (bo->getOpcode() == BO_Comma) return firstTest(bo->getRHS(), k, value);
    }
    if (!e->getType()->isIntegralOrEnumerationType()) return std::nullopt;
    std::optional<int64_t> v = firstValue(e, k, value);
    if (!v) return std::nullopt;
    return *v != 0;
  }

  // Explorer::evalInt where it gives a constant: clang's evaluator, or `k`
  // read (its value on the path), through the casts evalInt looks through.
  std::optional<int64_t> firstValue(const Expr *e, const VarDecl *k, int64_t value) {
    if (!e || e->isValueDependent() || e->isTypeDependent()) return std::nullopt;
    e = e->IgnoreParens();
    if (!e->getType()->isIntegralOrEnumerationType()) return std::nullopt;
    if (std::optional<int64_t> c = constantInt(e)) return c;
    if (const auto *d = dyn_cast<SubstNonTypeTemplateParmExpr>(e)) return firstValue(d->getReplacement(), k, value);
    if (const auto *ce = dyn_cast<ConstantExpr>(e)) return firstValue(ce->getSubExpr(), k, value);
    if (const auto *ce = dyn_cast<CastExpr>(e)) {
      const Expr *sub = ce->getSubExpr();
      if (ce->getCastKind() == CK_LValueToRValue) {
        const auto *dr = dyn_cast<DeclRefExpr>(sub->IgnoreParens());
        if (dr && dr->getDecl() == k) return value;
        return std::nullopt;
      }
      if ((ce->getCastKind() == CK_IntegralCast || ce->getCastKind() == CK_NoOp) &&
          sub->getType()->isIntegralOrEnumerationType())
        return firstValue(sub, k, value);
    }
    return std::nullopt;
  }

  // Whether the explorer would take an access here as a candidate: a copy
  // in flight, and the access not of a variable no copy can be rooted at.
  bool hits(const InFlight &st, const Expr *lvalue, bool write, const Env &env) {
    return st.any && !isLocalVariable(lvalue) && !noCopyAt(lvalue, write) && reaches(st, lvalueRoots(lvalue, env), write);
  }

  // Whether no copy's region can have the root of `lvalue`, a variable
  // named directly (through fields, elements of real arrays): a local or a
  // by-value parameter whose storage no other name reaches (see
  // PrivateLocals), or, for a read, a constexpr scalar (a copy cannot
  // write a const object). ggml's kernels read such values (a fastdiv
  // parameter's fields, per-thread arrays, a tile's static sizes) while the
  // mask's copies are in flight.
  bool noCopyAt(const Expr *lvalue, bool write) {
    if (temporaryRoot(lvalue)) return true;
    const VarDecl *v = chainRoot(lvalue);
    if (!v || v->hasAttr<CUDASharedAttr>()) return false;
    if (!write && v->isConstexpr() && (v->getType()->isArithmeticType() || v->getType()->isEnumeralType())) return true;
    if (!v->hasLocalStorage() || v->getType()->isReferenceType() || !holdsNoPointer(v->getType())) return false;
    const auto *owner = dyn_cast<FunctionDecl>(v->getDeclContext());
    if (!owner || !owner->getBody()) return false;
    auto [it, fresh] = memo_.privateLocals.try_emplace(owner);
    if (fresh) it->second = privateLocals(owner->getBody());
    return it->second.count(v) != 0;
  }

  // One CFG element, as Explorer::process takes it; false when a finding
  // site may be reached.
  bool step(FunctionInfo &info, const CFGElement &el, InFlight &st, const Env &env) {
    if (auto dtor = el.getAs<CFGAutomaticObjDtor>()) return !isCudaPipelineType(dtor->getVarDecl()->getType());
    auto cs = el.getAs<CFGStmt>();
    if (!cs) return true;
    const Stmt *s = cs->getStmt();
    if (const auto *ds = dyn_cast<DeclStmt>(s)) {
      for (const Decl *d : ds->decls())
        if (const auto *v = dyn_cast<VarDecl>(d); v && isCudaPipelineType(v->getType())) return false;
      return true;
    }
    if (const VarDecl *v = assignedVar(s); v && info.tracked.count(v)) return true;
    if (const auto *bo = dyn_cast<BinaryOperator>(s); bo && bo->isAssignmentOp()) return !hits(st, bo->getLHS(), true, env);
    if (const auto *uo = dyn_cast<UnaryOperator>(s); uo && uo->isIncrementDecrementOp())
      return !hits(st, uo->getSubExpr(), true, env);
    if (const auto *ic = dyn_cast<ImplicitCastExpr>(s); ic && ic->getCastKind() == CK_LValueToRValue)
      return !hits(st, ic->getSubExpr(), false, env);
    if (const auto *ce = dyn_cast<CXXConstructExpr>(s)) {
      bool copies = ce->getNumArgs() == 1 && ce->getConstructor() &&
                    (ce->getConstructor()->isCopyConstructor() || ce->getConstructor()->isMoveConstructor());
      return !(copies && hits(st, ce->getArg(0), false, env));
    }
    if (const auto *oc = dyn_cast<CXXOperatorCallExpr>(s); oc && oc->isAssignmentOp() && oc->getNumArgs() == 2)
      return !hits(st, oc->getArg(0), true, env) &&
             !(oc->getOperator() == OO_Equal && oc->getArg(1)->isGLValue() && hits(st, oc->getArg(1), false, env));

    if (!isa<CallExpr>(s) && !isa<GCCAsmStmt>(s)) return true;
    llvm::SmallVector<AsyncOp, 1> ops = asyncOpsOf(s, ctx_.ast());
    if (!ops.empty()) {
      for (const AsyncOp &op : ops)
        if (!apply(op, st, env)) return false;
      return true;
    }
    if (const auto *as = dyn_cast<GCCAsmStmt>(s)) {
      // Explorer::process: each input's region, a store only without a load.
      std::string text = as->getAsmString();
      bool load = text.find("ldmatrix") != std::string::npos || text.find("ld.shared") != std::string::npos;
      bool store = text.find("st.shared") != std::string::npos || text.find("stmatrix") != std::string::npos;
      if ((load || store) && st.any)
        for (unsigned i = 0; i < as->getNumInputs(); ++i)
          if (reaches(st, addressRoots(as->getInputExpr(i), env), store && !load)) return false;
      return true;
    }
    const auto *call = cast<CallExpr>(s);
    const FunctionDecl *fd = call->getDirectCallee();
    if (!fd) return true;
    if (fd->getIdentifier() && st.any) {
      if (fd->getName() == "load_matrix_sync" && call->getNumArgs() >= 2 &&
          reaches(st, pointerRoots(call->getArg(1), env), false))
        return false;
      if (fd->getName() == "store_matrix_sync" && call->getNumArgs() >= 1 &&
          reaches(st, pointerRoots(call->getArg(0), env), true))
        return false;
    }
    bool inlinable = mayInline(call, fd);
    if (!cache_.relevance->isRelevant(call)) {
      // Followed by the explorer only when it is handed a buffer a copy is
      // still filling (Explorer::passesInFlight): never a method or an operator.
      if (!st.any || !inlinable || isa<CXXOperatorCallExpr>(call)) return true;
      InFlightSummary sm = summary(fd, st, bind(call, functionInfo(ctx_, cache_, fd)->fn, env));
      if (sm.mayReport) return false;
      st = st.join(sm.exit); // or not followed: unchanged
      return true;
    }
    if (!inlinable) {
      st = InFlight{}; // a helper not followed: the explorer forgets the copies
      return true;
    }
    // Followed, or (past the explorer's depth, on recursion) forgotten:
    // nothing in flight, which the summary's exit covers.
    InFlightSummary sm = summary(fd, st, bind(call, functionInfo(ctx_, cache_, fd)->fn, env));
    if (sm.mayReport) return false;
    st = sm.exit;
    return true;
  }

  // Whether Explorer::pushFrame may follow the call (it also stops at its
  // depth and on recursion, where the explorer forgets the copies instead).
  bool mayInline(const CallExpr *call, const FunctionDecl *fd) {
    if (isa<CXXMemberCallExpr>(call)) return false;
    const FunctionDecl *def = fd->getDefinition();
    if (!def || ctx_.ast().getSourceManager().isInSystemHeader(def->getLocation())) return false;
    return functionInfo(ctx_, cache_, fd) != nullptr;
  }

  // The thread's batches (AsyncCopyThreadBatches.cpp); any other family of
  // operations may report.
  bool apply(const AsyncOp &op, InFlight &st, const Env &env) {
    // A copy's roots (Explorer::record).
    auto copy = [&](bool open) {
      Roots dst = op.dstIsLvalue ? lvalueRoots(op.dst, env) : addressRoots(op.dst, env);
      Roots src = !op.src ? Roots{} : op.dstIsLvalue ? lvalueRoots(op.src, env) : addressRoots(op.src, env);
      if (!st.any) st = InFlight{true, false, true};
      st.open = st.open || open;
      if (!st.known) return;
      addTo(st.dst, dst);
      addTo(st.src, src);
      if (open) {
        addTo(st.openDst, dst);
        addTo(st.openSrc, src);
      }
    };
    auto commit = [&] {
      st.open = false;
      st.openDst.clear();
      st.openSrc.clear();
    };
    switch (op.kind) {
    case AsyncOpKind::None: return true;
    case AsyncOpKind::CopyToOpenBatch:
      copy(true);
      return true;
    case AsyncOpKind::CopyOwnBatch: // copied, then committed
      copy(false);
      commit();
      return true;
    case AsyncOpKind::Commit:
      commit();
      return true;
    case AsyncOpKind::WaitPrior:
    case AsyncOpKind::CommitAndWaitAll: {
      if (op.kind == AsyncOpKind::CommitAndWaitAll) commit();
      bool all = false;
      std::optional<int64_t> keep = fixedKeep(op, ctx_.ast(), all);
      // A wait for everything with copies still uncommitted is reported.
      if (st.open && !all && (!keep || *keep == 0)) return false;
      // Retired: every committed batch when nothing is kept; what is left
      // in flight is then the open batch.
      if (all || (keep && *keep <= 0)) {
        if (!st.open) {
          st = InFlight{};
        } else {
          st.dst = st.openDst;
          st.src = st.openSrc;
        }
      }
      return true;
    }
    default: return false;
    }
  }
};

} // namespace

InFlight InFlight::join(const InFlight &o) const {
  if (!any) return o;
  if (!o.any) return *this;
  InFlight out{true, open || o.open, known && o.known};
  if (out.known) {
    out.dst = unite(dst, o.dst);
    out.src = unite(src, o.src);
    out.openDst = unite(openDst, o.openDst);
    out.openSrc = unite(openSrc, o.openSrc);
  }
  return out;
}

InFlightMemo &inFlightMemo(AnalysisContext &ctx) { return ctx.shared<InFlightMemo>("async-copy-in-flight"); }

InFlightSummary inFlightSummary(AnalysisContext &ctx, Cache &cache, const FunctionDecl *fn, InFlight entry) {
  return Pass(ctx, cache, inFlightMemo(ctx)).summary(fn, entry);
}

bool mayReportInFlight(AnalysisContext &ctx, Cache &cache, const FunctionDecl *entry) {
  // No CFG: the explorer returns nothing (Explorer::run).
  if (!functionInfo(ctx, cache, entry)) return false;
  return inFlightSummary(ctx, cache, entry, InFlight{}).mayReport;
}

} // namespace asynccopy
} // namespace warpcheck
