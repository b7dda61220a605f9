#include "analyzer/uniformity/LaneModel.h"
#include "analyzer/core/NegatedComparison.h"
#include "analyzer/cuda/CudaBuiltins.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/FoldingSet.h"

namespace warpcheck {

using namespace clang;

bool sameExpr(const ASTContext &ast, const Expr *a, const Expr *b) {
  if (!a || !b) return false;
  llvm::FoldingSetNodeID ia, ib;
  a->IgnoreParenImpCasts()->Profile(ia, ast, /*Canonical=*/true);
  b->IgnoreParenImpCasts()->Profile(ib, ast, /*Canonical=*/true);
  return ia == ib;
}

bool conditionImplies(const ASTContext &ast, const Expr *cond, bool value, const Expr *pred) {
  if (!cond || !pred) return false;
  cond = cond->IgnoreParenImpCasts();
  pred = pred->IgnoreParenImpCasts();
  if (const auto *uo = dyn_cast<UnaryOperator>(cond); uo && uo->getOpcode() == UO_LNot)
    return conditionImplies(ast, uo->getSubExpr(), !value, pred);
  if (const auto *uo = dyn_cast<UnaryOperator>(pred); uo && uo->getOpcode() == UO_LNot)
    return conditionImplies(ast, cond, !value, uo->getSubExpr());
  if (value) return sameExpr(ast, cond, pred);
  const auto *c = dyn_cast<BinaryOperator>(cond);
  const auto *p = dyn_cast<BinaryOperator>(pred);
  if (!c || !p) return false;
  auto neg = negatedComparison(c->getOpcode());
  return neg && *neg == p->getOpcode() && sameExpr(ast, c->getLHS(), p->getLHS()) &&
         sameExpr(ast, c->getRHS(), p->getRHS());
}

LaneModel::LaneModel(const FunctionUniformity &fu, unsigned warpSize) : fu_(fu), warpSize_(warpSize) {}

const Expr *LaneModel::definitionOf(const Expr *e) const {
  for (int i = 0; i < 8 && e; ++i) {
    const auto *dre = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
    if (!dre) return e->IgnoreParenImpCasts();
    const auto *v = dyn_cast<VarDecl>(dre->getDecl());
    if (!v) return e->IgnoreParenImpCasts();
    if (v->getType().isConstQualified() && v->getInit() && !v->hasLocalStorage()) return v->getInit();
    const Expr *d = fu_.singleDefinition(v);
    if (!d) return e->IgnoreParenImpCasts();
    e = d;
  }
  return e ? e->IgnoreParenImpCasts() : nullptr;
}

namespace {

// f applied to each thread's value: once when `a` is the same for all.
template <class F> ThreadValues map1(const ThreadValues &a, F f) {
  if (a.isUniform()) return ThreadValues(f(a.at(0)));
  ThreadValues out = ThreadValues::perThread();
  for (unsigned t = 0; t < ThreadValues::kThreads; ++t) out.slot(t) = f(a.at(t));
  return out;
}

template <class F> ThreadValues map2(const ThreadValues &a, const ThreadValues &b, F f) {
  if (a.isUniform() && b.isUniform()) return ThreadValues(f(a.at(0), b.at(0)));
  ThreadValues out = ThreadValues::perThread();
  for (unsigned t = 0; t < ThreadValues::kThreads; ++t) out.slot(t) = f(a.at(t), b.at(t));
  return out;
}

template <class F> ThreadValues map3(const ThreadValues &a, const ThreadValues &b, const ThreadValues &c, F f) {
  if (a.isUniform() && b.isUniform() && c.isUniform()) return ThreadValues(f(a.at(0), b.at(0), c.at(0)));
  ThreadValues out = ThreadValues::perThread();
  for (unsigned t = 0; t < ThreadValues::kThreads; ++t) out.slot(t) = f(a.at(t), b.at(t), c.at(t));
  return out;
}

using Value = std::optional<int64_t>;

bool known(const ThreadValues &v) {
  if (v.isUniform()) return v.at(0).has_value();
  for (unsigned t = 0; t < ThreadValues::kThreads; ++t)
    if (v.at(t)) return true;
  return false;
}

} // namespace

ThreadValues LaneModel::evaluateAll(const Expr *e) const { return eval(e, 0); }

std::optional<int64_t> LaneModel::evaluate(const Expr *e, unsigned tid) const { return eval(e, 0).at(tid); }

ThreadValues LaneModel::eval(const Expr *e, int depth) const {
  if (!e || depth > 24) return ThreadValues();
  e = e->IgnoreParens();
  if (e->isValueDependent() || e->isTypeDependent()) return ThreadValues();
  const ASTContext &ast = fu_.program().ast();
  if (!e->HasSideEffects(ast)) {
    Expr::EvalResult r;
    if (e->getType()->isIntegralOrEnumerationType() && e->EvaluateAsInt(r, ast))
      return ThreadValues(r.Val.getInt().getExtValue());
  }
  if (auto ref = builtinVarRef(e); ref.var != BuiltinVar::None) {
    if (ref.var == BuiltinVar::ThreadIdx && ref.dim == 'x') {
      ThreadValues out = ThreadValues::perThread();
      for (unsigned t = 0; t < ThreadValues::kThreads; ++t) out.slot(t) = int64_t(t);
      return out;
    }
    return leafValue_ ? leafValue_(e) : ThreadValues();
  }
  if (const auto *call = dyn_cast<CallExpr>(e)) {
    std::optional<ThreadValues> inlined = evalReturnOnlyCall(call, depth);
    if (inlined && (!callValue_ || known(*inlined))) return *inlined;
    if (!callValue_) return ThreadValues();
    ThreadValues out = ThreadValues::perThread();
    for (unsigned t = 0; t < ThreadValues::kThreads; ++t) out.slot(t) = callValue_(call, t);
    return out;
  }
  if (const auto *ce = dyn_cast<CastExpr>(e)) {
    ThreadValues v = eval(ce->getSubExpr(), depth + 1);
    QualType t = ce->getType();
    bool toBool = t->isBooleanType();
    unsigned bits = t->isIntegerType() ? ast.getIntWidth(t) : 64;
    bool isSigned = t->isSignedIntegerType();
    if (!toBool && bits >= 64) return v;
    return map1(v, [&](Value x) -> Value {
      if (!x) return x;
      if (toBool) return int64_t(*x != 0);
      uint64_t m = (uint64_t(1) << bits) - 1;
      uint64_t u = uint64_t(*x) & m;
      if (isSigned && (u >> (bits - 1))) return int64_t(u | ~m);
      return int64_t(u);
    });
  }
  if (const auto *dre = dyn_cast<DeclRefExpr>(e)) {
    if (const auto *parm = dyn_cast<ParmVarDecl>(dre->getDecl()))
      for (auto it = bound_.rbegin(); it != bound_.rend(); ++it)
        if (it->first == parm) return it->second;
    const Expr *d = definitionOf(dre);
    if (d && d != dre) return eval(d, depth + 1);
    return leafValue_ ? leafValue_(dre) : ThreadValues();
  }
  if (const auto *uo = dyn_cast<UnaryOperator>(e)) {
    UnaryOperatorKind op = uo->getOpcode();
    if (op != UO_LNot && op != UO_Not && op != UO_Minus && op != UO_Plus) return ThreadValues();
    return map1(eval(uo->getSubExpr(), depth + 1), [op](Value x) -> Value {
      if (!x) return x;
      switch (op) {
      case UO_LNot: return int64_t(!*x);
      case UO_Not: return ~*x;
      case UO_Minus: return -*x;
      default: return *x;
      }
    });
  }
  if (const auto *co = dyn_cast<ConditionalOperator>(e)) {
    // Each thread takes its side; where the condition is unknown, both
    // sides must agree.
    ThreadValues c = eval(co->getCond(), depth + 1);
    ThreadValues a = eval(co->getTrueExpr(), depth + 1), b = eval(co->getFalseExpr(), depth + 1);
    return map3(c, a, b, [](Value c, Value a, Value b) -> Value {
      if (c) return *c ? a : b;
      if (a && b && *a == *b) return a;
      return std::nullopt;
    });
  }
  if (const auto *bo = dyn_cast<BinaryOperator>(e)) {
    ThreadValues l = eval(bo->getLHS(), depth + 1), r = eval(bo->getRHS(), depth + 1);
    BinaryOperatorKind op = bo->getOpcode();
    // Short circuits decide with one known side.
    if (op == BO_LAnd || op == BO_LOr) {
      bool isAnd = op == BO_LAnd;
      return map2(l, r, [isAnd](Value l, Value r) -> Value {
        if (l && (*l != 0) != isAnd) return int64_t(!isAnd);
        if (r && (*r != 0) != isAnd) return int64_t(!isAnd);
        if (l && r) return int64_t(isAnd);
        return std::nullopt;
      });
    }
    bool isUnsigned = bo->getLHS()->getType()->isUnsignedIntegerType() ||
                      bo->getRHS()->getType()->isUnsignedIntegerType();
    return map2(l, r, [op, isUnsigned](Value l, Value r) -> Value {
      if (!l || !r) {
        // x & 0 and x * 0 are known without x.
        if ((op == BO_And || op == BO_Mul) && ((l && *l == 0) || (r && *r == 0))) return int64_t(0);
        return std::nullopt;
      }
      int64_t a = *l, b = *r;
      switch (op) {
      case BO_Add: return a + b;
      case BO_Sub: return a - b;
      case BO_Mul: return a * b;
      case BO_Div: return b ? Value(isUnsigned ? int64_t(uint64_t(a) / uint64_t(b)) : a / b) : std::nullopt;
      case BO_Rem: return b ? Value(isUnsigned ? int64_t(uint64_t(a) % uint64_t(b)) : a % b) : std::nullopt;
      case BO_And: return a & b;
      case BO_Or: return a | b;
      case BO_Xor: return a ^ b;
      case BO_Shl: return b >= 0 && b < 64 ? Value(int64_t(uint64_t(a) << b)) : std::nullopt;
      case BO_Shr: return b >= 0 && b < 64 ? Value(isUnsigned ? int64_t(uint64_t(a) >> b) : a >> b) : std::nullopt;
      case BO_LT: return int64_t(isUnsigned ? uint64_t(a) < uint64_t(b) : a < b);
      case BO_GT: return int64_t(isUnsigned ? uint64_t(a) > uint64_t(b) : a > b);
      case BO_LE: return int64_t(isUnsigned ? uint64_t(a) <= uint64_t(b) : a <= b);
      case BO_GE: return int64_t(isUnsigned ? uint64_t(a) >= uint64_t(b) : a >= b);
      case BO_EQ: return int64_t(a == b);
      case BO_NE: return int64_t(a != b);
      default: return std::nullopt;
      }
    });
  }
  return ThreadValues();
}

std::optional<ThreadValues> LaneModel::evalReturnOnlyCall(const CallExpr *call, int depth) const {
  // Free functions only: a method's value may depend on its object.
  if (isa<CXXMemberCallExpr>(call) || isa<CXXOperatorCallExpr>(call)) return std::nullopt;
  const FunctionDecl *fn = call->getDirectCallee();
  const FunctionDecl *def = nullptr;
  if (!fn || !fn->hasBody(def) || !def || def->isVariadic() || call->getNumArgs() != def->getNumParams())
    return std::nullopt;
  const auto *body = dyn_cast_or_null<CompoundStmt>(def->getBody());
  if (!body || body->size() != 1) return std::nullopt;
  const auto *ret = dyn_cast<ReturnStmt>(body->body_front());
  if (!ret || !ret->getRetValue() || !def->getReturnType()->isIntegralOrEnumerationType()) return std::nullopt;
  // Parameters by value (or const reference) of integral type: the
  // helper sees the caller's values and cannot change them.
  std::vector<std::pair<const ParmVarDecl *, ThreadValues>> args;
  for (unsigned i = 0; i < def->getNumParams(); ++i) {
    const ParmVarDecl *p = def->getParamDecl(i);
    QualType t = p->getType();
    if (t->isReferenceType()) {
      if (!t->getPointeeType().isConstQualified()) return std::nullopt;
      t = t->getPointeeType();
    }
    if (!t->isIntegralOrEnumerationType()) return std::nullopt;
    args.emplace_back(p, eval(call->getArg(i), depth + 1));
  }
  size_t mark = bound_.size();
  for (auto &a : args) bound_.push_back(std::move(a));
  ThreadValues v = eval(ret->getRetValue(), depth + 1);
  bound_.resize(mark);
  return v;
}

LaneFacts LaneModel::reachOf(const Stmt *call, bool withExits) const {
  LaneFacts facts;
  facts.warpSize = warpSize_;
  facts.guards = fu_.guards(call, withExits);
  for (auto &w : facts.reach) w.fill(Reach::Yes);
  for (auto &w : facts.blockerIndex) w.fill(-1);
  for (size_t gi = 0; gi < facts.guards.size(); ++gi) {
    const Guard &g = facts.guards[gi];
    // A branch both sides of which lead here decides nothing.
    ThreadValues cond = g.condition && !g.bothSides ? evaluateAll(g.condition) : ThreadValues();
    ThreadValues caseValue = g.caseValue && !g.bothSides ? evaluateAll(g.caseValue) : ThreadValues();
    for (unsigned w = 0; w < facts.warps(); ++w)
      for (unsigned l = 0; l < warpSize_; ++l) {
        Reach &r = facts.reach[w][l];
        if (r == Reach::No) continue;
        const std::optional<int64_t> &c = cond.at(w * warpSize_ + l);
        bool known = c.has_value() && !g.bothSides;
        bool holds = false;
        if (known) {
          if (g.caseValue) {
            const std::optional<int64_t> &cv = caseValue.at(w * warpSize_ + l);
            if (!cv) known = false;
            else holds = *c == *cv;
          } else {
            holds = (*c != 0) == g.taken;
          }
        }
        if (known && !holds) {
          r = Reach::No;
          facts.blockerIndex[w][l] = int16_t(gi);
        } else if (!known && g.level.level == Divergence::Thread) {
          r = Reach::Maybe;
          if (facts.blockerIndex[w][l] < 0) facts.blockerIndex[w][l] = int16_t(gi);
        }
        // Unknown but warp-uniform: the whole warp goes the same way.
      }
  }
  return facts;
}

MaskFacts LaneModel::maskOf(const Expr *mask) const {
  MaskFacts facts;
  const Expr *def = definitionOf(mask);
  if (const auto *call = dyn_cast_or_null<CallExpr>(def)) {
    llvm::StringRef name = calleeName(call);
    if (name == "__ballot_sync") {
      facts.kind = MaskFacts::Ballot;
      facts.ballot = call;
      return facts;
    }
    if (name == "__activemask") {
      facts.kind = MaskFacts::ActiveMask;
      facts.activemask = call;
      return facts;
    }
  }
  bool any = false;
  ThreadValues values = evaluateAll(mask);
  for (unsigned w = 0; w < 1024 / warpSize_; ++w)
    for (unsigned l = 0; l < warpSize_; ++l) {
      const std::optional<int64_t> &v = values.at(w * warpSize_ + l);
      if (v) {
        uint64_t m = uint64_t(*v);
        if (warpSize_ < 64) m &= (uint64_t(1) << warpSize_) - 1;
        facts.value[w][l] = m;
        any = true;
      }
    }
  if (any) facts.kind = MaskFacts::Concrete;
  return facts;
}

bool LaneModel::guardImpliedByBallot(const Guard &g, const CallExpr *ballot) const {
  // The ballot sits under the same guard: lanes in its mask passed it too.
  for (const Guard &bg : fu_.guards(ballot))
    if (bg.branch == g.branch && bg.taken == g.taken && bg.bothSides == g.bothSides) return true;
  // The guard tests the ballot's predicate (or its negation).
  if (ballot->getNumArgs() < 2 || !g.condition || g.bothSides) return false;
  const ASTContext &ast = fu_.program().ast();
  const Expr *pred = ballot->getArg(1);
  return conditionImplies(ast, g.condition, g.taken, pred) ||
         conditionImplies(ast, definitionOf(g.condition), g.taken, definitionOf(pred));
}

} // namespace warpcheck
