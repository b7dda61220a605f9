#include "analyzer/uniformity/GroupUniformity.h"
#include "analyzer/cuda/CudaBuiltins.h"
#include "analyzer/uniformity/IntrinsicDivergence.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

namespace warpcheck {

using namespace clang;

namespace {

// The variable whose storage an lvalue designates, through member access
// and subscripts of arrays (not through pointers).
const VarDecl *rootVar(const Expr *e) {
  for (int i = 0; e && i < 16; ++i) {
    e = e->IgnoreParenImpCasts();
    if (const auto *dre = dyn_cast<DeclRefExpr>(e)) return dyn_cast<VarDecl>(dre->getDecl());
    if (const auto *me = dyn_cast<MemberExpr>(e); me && !me->isArrow()) e = me->getBase();
    else if (const auto *ase = dyn_cast<ArraySubscriptExpr>(e); ase && ase->getBase()->IgnoreParenImpCasts()->getType()->isArrayType())
      e = ase->getBase();
    else return nullptr;
  }
  return nullptr;
}

bool isPerThreadObject(const VarDecl *v) { return v && v->hasLocalStorage() && !isa<ParmVarDecl>(v); }

std::pair<const void *, unsigned> groupKey(const CgGroup &g) {
  const void *id = g.var ? static_cast<const void *>(g.var) : static_cast<const void *>(g.creation);
  return {id, unsigned(g.kind) << 24 | (g.size & 0xffff) << 1 | unsigned(g.coalescedParent)};
}

} // namespace

GroupUniformity::GroupUniformity(const FunctionUniformity &fu, unsigned warpSize, int nesting)
    : fu_(fu), warpSize_(warpSize), lanes_(fu, warpSize), nesting_(nesting) {
  lanes_.setCallValue([this](const CallExpr *c, unsigned tid) { return cgCallValue(c, tid); });
}

GroupUniformity::~GroupUniformity() = default;

// tile.thread_rank() is tid % N for a tile of the block, meta_group_rank()
// is tid / N; the lane model numbers threads by threadIdx.x (a 1-D block,
// or blockDim.x a multiple of the tile).
std::optional<int64_t> GroupUniformity::cgCallValue(const CallExpr *c, unsigned tid) const {
  CgCall cg = cgCallOf(c);
  if (!cg.isCg) return std::nullopt;
  CgGroup x = cgGroupOf(cg.group);
  if (x.kind == CgGroup::Block && cg.result == CgCall::Rank) return int64_t(tid);
  if (x.kind != CgGroup::Tile || !x.size || x.coalescedParent) return std::nullopt;
  switch (cg.result) {
  case CgCall::Rank: return int64_t(tid % x.size);
  case CgCall::MetaRank: return int64_t(x.parentSize ? (tid % x.parentSize) / x.size : tid / x.size);
  case CgCall::Size: return int64_t(x.size);
  case CgCall::MetaSize:
    if (x.parentSize) return int64_t(x.parentSize / x.size);
    return std::nullopt;
  default: return std::nullopt;
  }
}

bool GroupUniformity::fits(const Uniformity &u, const CgGroup &group) const {
  bool warp = group.withinWarp(warpSize_);
  if (u.level == Divergence::Uniform) return !u.voteParams || warp;
  return u.level == Divergence::Warp && warp;
}

std::optional<GroupUniformity::Verdict> GroupUniformity::concrete(const Expr *e, const CgGroup &group) const {
  bool tile = group.kind == CgGroup::Tile && group.size && !group.coalescedParent;
  if (!tile && !group.withinWarp(warpSize_)) return std::nullopt;
  if (!e->getType()->isIntegralOrEnumerationType() || e->isValueDependent()) return std::nullopt;
  unsigned total = LaneFacts::kWarps * warpSize_;
  // A coalesced group is some lanes of one warp: constant on the warp
  // proves it the same; a difference proves nothing.
  unsigned chunk = tile ? group.size : warpSize_;
  if (chunk > total) return std::nullopt;
  ThreadValues values = lanes_.evaluateAll(e);
  // What cannot be evaluated for the first threads (a load, a parameter)
  // cannot be for the others either.
  if (!values.at(0) && !values.at(1)) return std::nullopt;
  bool complete = true;
  for (unsigned base = 0; base < total; base += chunk) {
    std::optional<int64_t> first;
    unsigned firstTid = base;
    for (unsigned t = base; t < base + chunk; ++t) {
      const std::optional<int64_t> &v = values.at(t);
      if (!v) {
        complete = false;
        continue;
      }
      if (!first) {
        first = v;
        firstTid = t;
      } else if (*v != *first) {
        if (!tile) return std::nullopt;
        return Verdict{false, Split{firstTid, t}};
      }
    }
  }
  if (complete) return Verdict{};
  return std::nullopt;
}

void GroupUniformity::setSiteGuards(const std::vector<Guard> &guards) {
  siteGuards_.clear();
  for (const Guard &g : guards)
    if (!g.bothSides) siteGuards_.insert({g.branch, g.taken});
  memo_.clear();
}

GroupUniformity::Verdict GroupUniformity::guard(const Guard &g, const CgGroup &group) {
  if (fits(g.level, group) || (group.kind == CgGroup::Tile && group.size == 1 && !group.coalescedParent))
    return Verdict{}; // this_thread(): a group of one
  if (!g.condition) return Verdict{false, std::nullopt};
  if (auto c = concrete(g.condition, group)) return *c;
  return Verdict{value(g.condition, group), std::nullopt};
}

bool GroupUniformity::value(const Expr *e, const CgGroup &group) {
  if (!e) return true;
  e = e->IgnoreParens();
  if (e->isValueDependent() || depth_ > 24) return false;
  if (e->isGLValue()) return load(e, group);
  auto key = std::make_pair(e, groupKey(group));
  bool memoize = visiting_.empty();
  if (memoize)
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
  ++depth_;
  bool result = [&]() -> bool {
    if (fits(fu_.valueOf(e), group)) return true;
    if (auto c = concrete(e, group)) return c->uniform;
    if (const auto *ice = dyn_cast<ImplicitCastExpr>(e))
      return ice->getCastKind() == CK_LValueToRValue ? load(ice->getSubExpr(), group) : value(ice->getSubExpr(), group);
    if (const auto *ce = dyn_cast<CastExpr>(e)) return value(ce->getSubExpr(), group);
    if (const auto *c = dyn_cast<CallExpr>(e)) return call(c, group);
    if (const auto *bo = dyn_cast<BinaryOperator>(e)) {
      if (bo->isAssignmentOp()) return false;
      if (bo->getOpcode() == BO_Comma) return value(bo->getRHS(), group);
      return value(bo->getLHS(), group) && value(bo->getRHS(), group);
    }
    if (const auto *uo = dyn_cast<UnaryOperator>(e)) {
      if (uo->isIncrementDecrementOp() || uo->getOpcode() == UO_AddrOf) return false;
      return value(uo->getSubExpr(), group);
    }
    if (const auto *co = dyn_cast<AbstractConditionalOperator>(e))
      return value(co->getCond(), group) && value(co->getTrueExpr(), group) && value(co->getFalseExpr(), group);
    if (const auto *ewc = dyn_cast<ExprWithCleanups>(e)) return value(ewc->getSubExpr(), group);
    if (const auto *mte = dyn_cast<MaterializeTemporaryExpr>(e)) return value(mte->getSubExpr(), group);
    if (const auto *bte = dyn_cast<CXXBindTemporaryExpr>(e)) return value(bte->getSubExpr(), group);
    if (const auto *ce = dyn_cast<ConstantExpr>(e)) return value(ce->getSubExpr(), group);
    if (const auto *dae = dyn_cast<CXXDefaultArgExpr>(e)) return value(dae->getExpr(), group);
    if (const auto *ctor = dyn_cast<CXXConstructExpr>(e)) {
      for (const Expr *a : ctor->arguments())
        if (!value(a, group)) return false;
      return true;
    }
    return false;
  }();
  --depth_;
  if (memoize && visiting_.empty()) memo_[key] = result;
  return result;
}

// A load is the same for every member when its address is and the object is
// not a thread's own (a local array or struct, or memory a pointer into one
// designates); as in FunctionUniformity, memory is not otherwise modelled.
bool GroupUniformity::load(const Expr *lv, const CgGroup &group) {
  lv = lv->IgnoreParens();
  if (const auto *dre = dyn_cast<DeclRefExpr>(lv)) {
    const auto *v = dyn_cast<VarDecl>(dre->getDecl());
    if (!v || !v->hasLocalStorage()) return true; // enumerators, globals, __shared__, __constant__
    if (v->getType()->isReferenceType()) {
      if (isa<ParmVarDecl>(v) || !v->getInit()) return true;
      return load(v->getInit(), group);
    }
    if (isa<ParmVarDecl>(v)) return true; // the caller's value: uniform within this function, as in FunctionUniformity
    return local(dre, group);
  }
  if (const auto *ase = dyn_cast<ArraySubscriptExpr>(lv))
    return !mayPointToLocal(ase->getBase()) && value(ase->getBase(), group) && value(ase->getIdx(), group);
  if (const auto *uo = dyn_cast<UnaryOperator>(lv); uo && uo->getOpcode() == UO_Deref)
    return !mayPointToLocal(uo->getSubExpr()) && value(uo->getSubExpr(), group);
  if (const auto *me = dyn_cast<MemberExpr>(lv)) {
    if (!isa<FieldDecl>(me->getMemberDecl())) return true; // static members
    if (me->isArrow()) return !mayPointToLocal(me->getBase()) && value(me->getBase(), group);
    return load(me->getBase(), group);
  }
  if (const auto *mte = dyn_cast<MaterializeTemporaryExpr>(lv)) return value(mte->getSubExpr(), group);
  return false;
}

bool GroupUniformity::call(const CallExpr *c, const CgGroup &group) {
  CgCall cg = cgCallOf(c);
  if (cg.isCg) {
    CgGroup x = cgGroupOf(cg.group);
    switch (cg.result) {
    case CgCall::Same:
    case CgCall::MetaRank:
    case CgCall::Size:
    case CgCall::MetaSize: return cgContains(x, group, warpSize_);
    case CgCall::Broadcast: return cgContains(x, group, warpSize_) && cg.source && value(cg.source, x);
    default: return false;
    }
  }
  // Intrinsics the base analysis knows (atomics, shuffles, clocks) already
  // said how divergent they are.
  if (intrinsicResult(c, calleeName(c))) return false;
  const FunctionDecl *fd = c->getDirectCallee();
  if (!fd) return false;
  const FunctionDecl *def = fd->getDefinition();
  if (def && def->hasBody() && def != fu_.decl()) {
    // A helper that returns a value its group agrees on.
    unsigned offset = isa<CXXOperatorCallExpr>(c) && isa<CXXMethodDecl>(def) ? 1 : 0;
    for (unsigned i = 0; i < def->getNumParams() && i + offset < c->getNumArgs(); ++i)
      if (cgGroupOfParam(def->getParamDecl(i)).kind != CgGroup::None &&
          cgContains(cgGroupOf(c->getArg(i + offset)), group, warpSize_) && returnsSameAcross(def, i))
        return true;
    const FunctionUniformity *summary = fu_.program().function(def);
    if (!summary || !fits(summary->returnValue(), group)) return false;
  }
  // The result depends on the arguments (and the object) only.
  auto arg = [&](const Expr *a) { return a->isGLValue() ? load(a, group) : value(a, group); };
  for (const Expr *a : c->arguments())
    if (!arg(a)) return false;
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(c))
    if (const Expr *obj = mc->getImplicitObjectArgument(); obj && !arg(obj)) return false;
  return true;
}

namespace {
class ReturnScan : public RecursiveASTVisitor<ReturnScan> {
public:
  std::vector<const ReturnStmt *> returns;
  bool shouldVisitLambdaBody() const { return false; }
  bool VisitReturnStmt(ReturnStmt *r) {
    returns.push_back(r);
    return true;
  }
};
} // namespace

bool GroupUniformity::returnsSameAcross(const FunctionDecl *def, unsigned param) {
  auto key = std::make_pair(def, param);
  if (auto it = returns_.find(key); it != returns_.end()) return it->second;
  returns_[key] = false; // recursion: not known to be
  bool ok = false;
  CgGroup group = cgGroupOfParam(def->getParamDecl(param));
  const FunctionUniformity *callee = nesting_ < 3 ? fu_.program().function(def) : nullptr;
  if (callee && (group.kind == CgGroup::Tile || group.kind == CgGroup::Coalesced || group.kind == CgGroup::Block)) {
    GroupUniformity inner(*callee, warpSize_, nesting_ + 1);
    ReturnScan scan;
    scan.TraverseStmt(const_cast<Stmt *>(def->getBody()));
    ok = !scan.returns.empty();
    for (const ReturnStmt *r : scan.returns) {
      ok = ok && r->getRetValue() && inner.value(r->getRetValue(), group);
      for (const Guard &g : ok ? callee->guards(r) : std::vector<Guard>{})
        ok = ok && inner.guard(g, group).uniform;
    }
  }
  returns_[key] = ok;
  return ok;
}

bool GroupUniformity::local(const DeclRefExpr *use, const CgGroup &group) {
  // Arrays, structs and locals whose address escapes are not followed.
  std::optional<std::vector<FunctionUniformity::Definition>> defs = fu_.reachingDefinitions(use);
  if (!defs || defs->empty() || depth_ > 16) return false;
  ++depth_;
  bool ok = true;
  for (const FunctionUniformity::Definition &d : *defs) {
    // A loop variable refers to itself: assume the definition keeps it the
    // same, and let the others decide (a greatest fixpoint).
    if (!ok || visiting_.count(d.stmt)) continue;
    visiting_.insert(d.stmt);
    if (d.value && !value(d.value, group)) ok = false;
    // x op= e, ++x: the old value too.
    if (ok && d.compound) {
      if (const auto *bo = dyn_cast<BinaryOperator>(d.stmt)) ok = load(bo->getLHS(), group);
      else if (const auto *uo = dyn_cast<UnaryOperator>(d.stmt)) ok = load(uo->getSubExpr(), group);
    }
    // ...and which threads make the definition must not differ either.
    for (const Guard &g : ok ? fu_.guards(d.stmt) : std::vector<Guard>{})
      if (!siteGuards_.count({g.branch, g.taken}) && !guard(g, group).uniform) {
        ok = false;
        break;
      }
    visiting_.erase(d.stmt);
  }
  --depth_;
  return ok;
}

bool GroupUniformity::mayPointToLocal(const Expr *e, int depth) {
  if (!e || depth > 8) return false;
  e = e->IgnoreParenCasts();
  if (const auto *uo = dyn_cast<UnaryOperator>(e); uo && uo->getOpcode() == UO_AddrOf)
    return isPerThreadObject(rootVar(uo->getSubExpr()));
  if (const auto *dre = dyn_cast<DeclRefExpr>(e)) {
    const auto *v = dyn_cast<VarDecl>(dre->getDecl());
    if (!isPerThreadObject(v)) return false;
    if (v->getType()->isArrayType()) return true;
    if (!v->getType()->isPointerType()) return false;
    // A pointer local defined once is followed; otherwise it may point anywhere.
    const Expr *def = fu_.singleDefinition(v);
    return !def || mayPointToLocal(def, depth + 1);
  }
  if (const auto *me = dyn_cast<MemberExpr>(e); me && !me->isArrow()) return isPerThreadObject(rootVar(me));
  if (const auto *bo = dyn_cast<BinaryOperator>(e); bo && bo->isAdditiveOp())
    return mayPointToLocal(bo->getLHS(), depth + 1) || mayPointToLocal(bo->getRHS(), depth + 1);
  if (const auto *co = dyn_cast<AbstractConditionalOperator>(e))
    return mayPointToLocal(co->getTrueExpr(), depth + 1) || mayPointToLocal(co->getFalseExpr(), depth + 1);
  return false;
}

} // namespace warpcheck
