#include "analyzer/analyses/FenceFunctionModel.h"
#include "analyzer/cuda/CudaBuiltins.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

namespace warpcheck {
namespace fence {

using namespace clang;

namespace {

bool isFlagType(QualType t) {
  t = t.getNonReferenceType();
  return t->isIntegralOrEnumerationType() || t->isPointerType();
}

bool isZero(const Expr *e, ASTContext &ast) {
  if (!e || e->isValueDependent()) return false;
  Expr::EvalResult r;
  if (!e->EvaluateAsRValue(r, ast)) return false;
  if (r.Val.isInt()) return r.Val.getInt().isZero();
  return r.Val.isNullPointer();
}

bool sameConstant(const Expr *a, const Expr *b, ASTContext &ast) {
  if (!a || !b || a->isValueDependent() || b->isValueDependent()) return false;
  Expr::EvalResult ra, rb;
  if (!a->EvaluateAsInt(ra, ast) || !b->EvaluateAsInt(rb, ast)) return false;
  return llvm::APSInt::isSameValue(ra.Val.getInt(), rb.Val.getInt());
}

// The variable an lvalue stores into (a local, a __shared__ flag, an
// element of a local or shared array).
const ValueDecl *assignedVar(const Expr *lhs) {
  const Expr *e = lhs->IgnoreParenImpCasts();
  while (true) {
    if (const auto *ase = dyn_cast<ArraySubscriptExpr>(e)) e = ase->getBase()->IgnoreParenImpCasts();
    else if (const auto *me = dyn_cast<MemberExpr>(e); me && !me->isArrow()) e = me->getBase()->IgnoreParenImpCasts();
    else break;
  }
  const auto *dre = dyn_cast<DeclRefExpr>(e);
  return dre ? dyn_cast<VarDecl>(dre->getDecl()) : nullptr;
}

struct Flows : RecursiveASTVisitor<Flows> {
  std::vector<std::pair<const ValueDecl *, const Expr *>> defs;
  std::vector<const Expr *> indexes;
  bool VisitVarDecl(VarDecl *v) {
    if (v->getInit()) defs.push_back({v, v->getInit()});
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *bo) {
    if (bo->isAssignmentOp()) {
      if (const ValueDecl *v = assignedVar(bo->getLHS())) defs.push_back({v, bo->getRHS()});
    } else if (bo->isAdditiveOp() && bo->getType()->isPointerType()) {
      indexes.push_back(bo->getLHS()->getType()->isPointerType() ? bo->getRHS() : bo->getLHS());
    }
    return true;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *ase) {
    indexes.push_back(ase->getIdx());
    return true;
  }
};

} // namespace

bool FenceSummaries::mayFence(const FunctionDecl *fd) {
  if (!fd) return true;
  const FunctionDecl *def = fd->getDefinition();
  if (!def || !def->getBody()) {
    if (fd->getBuiltinID()) return false;
    return !ast_.getSourceManager().isInSystemHeader(fd->getLocation());
  }
  auto [it, inserted] = state_.try_emplace(def, false);
  if (!inserted) return it->second; // done, or in progress (recursion)
  bool fences = scan(def->getBody());
  state_[def] = fences;
  return fences;
}

bool FenceSummaries::scan(const Stmt *s) {
  if (!s) return false;
  if (fenceOf(s, ast_)) return true;
  if (std::optional<AtomicOp> a = atomicOf(s, ast_); a && a->order != MemOrder::Relaxed) return true;
  if (const auto *call = dyn_cast<CallExpr>(s); call && !atomicOf(s, ast_)) {
    if (!call->getDirectCallee()) return true;
    if (mayFence(call->getDirectCallee())) return true;
  }
  for (const Stmt *child : s->children())
    if (scan(child)) return true;
  return false;
}

bool FunctionModel::build() {
  CFG::BuildOptions opts;
  opts.setAllAlwaysAdd();
  opts.AddImplicitDtors = false;
  opts.AddTemporaryDtors = false;
  cfg_ = CFG::buildCFG(fn_, fn_->getBody(), &ast_, opts);
  if (!cfg_) return false;
  unsigned n = cfg_->getNumBlockIDs();
  blocks_.assign(n, nullptr);
  killW_.assign(n, {});
  killR_.assign(n, {});
  for (const CFGBlock *b : *cfg_) {
    blocks_[b->getBlockID()] = b;
    unsigned i = 0;
    for (const CFGElement &el : *b) {
      bool w = false, r = false;
      if (auto cs = el.getAs<CFGStmt>()) classify(cs->getStmt(), Pos{b->getBlockID(), i}, w, r);
      killW_[b->getBlockID()].push_back(w);
      killR_[b->getBlockID()].push_back(r);
      ++i;
    }
  }
  computeTaint();
  computeGating();
  return true;
}

bool FunctionModel::reachesWithoutFence(Pos from, Pos to, bool writer) const {
  const std::vector<std::vector<bool>> &kill = writer ? killW_ : killR_;
  // No fence among elements [lo, hi) of block b.
  auto clear = [&](unsigned b, unsigned lo, unsigned hi) {
    for (unsigned i = lo; i < hi; ++i)
      if (kill[b][i]) return false;
    return true;
  };
  if (from.block == to.block && from.index < to.index && clear(from.block, from.index + 1, to.index)) return true;
  if (!clear(from.block, from.index + 1, kill[from.block].size())) return false;
  llvm::BitVector seen(blocks_.size());
  std::vector<const CFGBlock *> work(blocks_[from.block]->succ_begin(), blocks_[from.block]->succ_end());
  while (!work.empty()) {
    const CFGBlock *b = work.back();
    work.pop_back();
    if (!b || seen.test(b->getBlockID())) continue;
    unsigned id = b->getBlockID();
    seen.set(id);
    if (id == to.block && clear(id, 0, to.index)) return true;
    if (!clear(id, 0, kill[id].size())) continue;
    work.insert(work.end(), b->succ_begin(), b->succ_end());
  }
  return false;
}

void FunctionModel::classify(const Stmt *s, Pos pos, bool &killW, bool &killR) {
  if (std::optional<FenceOp> f = fenceOf(s, ast_)) {
    killW = ordersEarlierWrites(f->order);
    killR = ordersLaterReads(f->order);
    return;
  }
  if (std::optional<AtomicOp> a = atomicOf(s, ast_)) {
    killW = ordersEarlierWrites(a->order);
    killR = ordersLaterReads(a->order);
    onAtomic(s, *a, pos);
    return;
  }
  if (const auto *bo = dyn_cast<BinaryOperator>(s); bo && bo->isAssignmentOp()) {
    onStore(s, bo->getLHS(), bo->getOpcode() == BO_Assign ? bo->getRHS() : nullptr, pos);
  } else if (const auto *uo = dyn_cast<UnaryOperator>(s); uo && uo->isIncrementDecrementOp()) {
    onStore(s, uo->getSubExpr(), nullptr, pos);
  } else if (const auto *ice = dyn_cast<ImplicitCastExpr>(s); ice && ice->getCastKind() == CK_LValueToRValue) {
    onLoad(ice, pos);
  } else if (const auto *call = dyn_cast<CallExpr>(s)) {
    if (summaries_.mayFence(call->getDirectCallee())) killW = killR = true;
    onCall(call, pos);
  }
}

void FunctionModel::onStore(const Stmt *s, const Expr *lhs, const Expr *rhs, Pos pos) {
  QualType t = lhs->getType();
  if (t->isRecordType()) return;
  MemRoot root = roots_.ofLValue(lhs);
  if (root.space != MemSpace::Global) return;
  stores_.push_back({s, pos, root});
  // Storing 0 resets a flag or counter; it signals nothing.
  if (t.isVolatileQualified() && isFlagType(t) && !isZero(rhs, ast_) && !root.key.empty())
    signals_.push_back({s, pos, root, "the volatile store to '" + root.name + "'"});
}

void FunctionModel::onLoad(const ImplicitCastExpr *load, Pos pos) {
  const Expr *lv = load->getSubExpr();
  MemRoot root = roots_.ofLValue(lv);
  if (root.space != MemSpace::Global || root.key.empty()) return;
  bool isVolatile = lv->getType().isVolatileQualified();
  if (isVolatile && isFlagType(lv->getType()))
    addObservation({load, pos, root, "the volatile load of '" + root.name + "'"});
  uses_.push_back({load, pos, root, !isVolatile});
}

void FunctionModel::onCall(const CallExpr *call, Pos pos) {
  // A callee given a pointer to data may read it: enough to make the
  // branch that guards the call a consumer of that data.
  const FunctionDecl *fd = call->getDirectCallee();
  if (fd && fd->getBuiltinID()) return;
  llvm::StringRef name = calleeName(call);
  if ((name == "__ldcv" || name == "__ldcg") && call->getNumArgs() == 1 && isFlagType(call->getType())) {
    MemRoot root = roots_.ofPointer(call->getArg(0));
    if (root.space == MemSpace::Global && !root.key.empty())
      addObservation({call, pos, root, "the '" + name.str() + "' load of '" + root.name + "'"});
    return;
  }
  for (const Expr *arg : call->arguments()) {
    QualType t = arg->getType();
    if (!t->isPointerType() || t->isFunctionPointerType()) continue;
    MemRoot root = roots_.ofPointer(arg);
    if (root.space == MemSpace::Global && !root.key.empty()) uses_.push_back({call, pos, root, false});
  }
}

void FunctionModel::onAtomic(const Stmt *s, const AtomicOp &a, Pos pos) {
  MemRoot root = roots_.ofAtomic(a);
  if (root.space != MemSpace::Global || root.key.empty()) return;
  // A block-scope atomic on global memory is atomic-scope-too-narrow's.
  if (a.scope == MemScope::Block || a.scope == MemScope::Thread) return;
  bool relaxed = a.order == MemOrder::Relaxed;
  std::string on = "'" + a.name + "' on '" + root.name + "'";
  if (a.kind == AtomicKind::Load) {
    addObservation({s, pos, root, (relaxed ? "the relaxed load of '" : "the load of '") + root.name + "'", false,
                    ordersLaterReads(a.order)});
    return;
  }
  if (a.kind == AtomicKind::Store) {
    if (relaxed && !isZero(a.operand, ast_))
      signals_.push_back({s, pos, root, "the relaxed store to '" + root.name + "'"});
    return;
  }
  rmwKeys_.insert(root.key);
  bool counts = a.op == RmwOp::Add || a.op == RmwOp::Sub || a.op == RmwOp::Inc || a.op == RmwOp::Dec ||
                a.op == RmwOp::And || a.op == RmwOp::Or || a.op == RmwOp::Xor;
  bool readOnly = ((a.op == RmwOp::Add || a.op == RmwOp::Sub || a.op == RmwOp::Or || a.op == RmwOp::Xor) &&
                   isZero(a.operand, ast_)) ||
                  (a.op == RmwOp::CAS && sameConstant(a.expected, a.operand, ast_));
  bool reset = (a.op == RmwOp::Exch || a.op == RmwOp::And) && isZero(a.operand, ast_);
  // Taking a lock: compare-and-swap, or an exchange whose old value is used.
  if ((a.op == RmwOp::CAS && !readOnly) || (a.op == RmwOp::Exch && !reset && resultUsed(s))) lockKeys_.insert(root.key);
  if (relaxed && !readOnly && !reset) signals_.push_back({s, pos, root, on});
  // A read-only poll (`atomicAdd(p, 0)`, `atomicCAS(p, v, v)`) reads a
  // flag like a load does; a counting atomic's result says how many came
  // before.
  if (readOnly)
    addObservation({s, pos, root, "the result of " + on, false, ordersLaterReads(a.order)});
  else if (counts)
    addObservation({s, pos, root, "the result of " + on, true, ordersLaterReads(a.order)});
}

void FunctionModel::addObservation(Observation o) {
  obsIndex_[o.stmt] = observations_.size();
  observations_.push_back(std::move(o));
}

bool FunctionModel::resultUsed(const Stmt *s) const {
  const Stmt *cur = s;
  for (int depth = 0; depth < 8; ++depth) {
    DynTypedNodeList parents = ast_.getParents(*cur);
    if (parents.empty()) return false;
    const Stmt *p = parents[0].get<Stmt>();
    if (!p) return false;
    if (!isa<Expr>(p)) {
      // A statement holds it: used as a condition, a return value or an
      // initialiser; discarded as a statement of its own.
      if (isa<ReturnStmt>(p) || isa<DeclStmt>(p)) return true;
      if (const auto *i = dyn_cast<IfStmt>(p)) return i->getCond() == cur;
      if (const auto *w = dyn_cast<WhileStmt>(p)) return w->getCond() == cur;
      if (const auto *d = dyn_cast<DoStmt>(p)) return d->getCond() == cur;
      if (const auto *f = dyn_cast<ForStmt>(p)) return f->getCond() == cur;
      if (const auto *sw = dyn_cast<SwitchStmt>(p)) return sw->getCond() == cur;
      return false;
    }
    if (const auto *cast = dyn_cast<CStyleCastExpr>(p); cast && cast->getType()->isVoidType()) return false;
    if (!isa<ExprWithCleanups>(p) && !isa<ImplicitCastExpr>(p) && !isa<ParenExpr>(p)) return true;
    cur = p;
  }
  return true;
}

void FunctionModel::sourcesIn(const Stmt *s, std::set<unsigned> &out) const {
  if (!s || isa<LambdaExpr>(s)) return;
  if (auto it = obsIndex_.find(s); it != obsIndex_.end()) out.insert(it->second);
  if (const auto *dre = dyn_cast<DeclRefExpr>(s))
    if (auto it = taint_.find(dre->getDecl()); it != taint_.end()) out.insert(it->second.begin(), it->second.end());
  for (const Stmt *c : s->children()) sourcesIn(c, out);
}

void FunctionModel::computeTaint() {
  if (observations_.empty()) return;
  Flows flows;
  flows.TraverseStmt(fn_->getBody());
  for (bool changed = true; changed;) {
    changed = false;
    for (auto &[v, value] : flows.defs) {
      std::set<unsigned> src;
      sourcesIn(value, src);
      std::set<unsigned> &t = taint_[v];
      size_t before = t.size();
      t.insert(src.begin(), src.end());
      changed |= t.size() != before;
    }
  }
  for (const Expr *idx : flows.indexes) {
    std::set<unsigned> src;
    sourcesIn(idx, src);
    indexUsed_.insert(src.begin(), src.end());
  }
}

void FunctionModel::computeGating() {
  gated_.assign(observations_.size(), {});
  if (observations_.empty()) return;
  for (const CFGBlock *b : *cfg_) {
    const Expr *cond = dyn_cast_or_null<Expr>(b->getTerminatorCondition(false));
    if (const auto *sw = dyn_cast_or_null<SwitchStmt>(b->getTerminatorStmt())) cond = sw->getCond();
    if (!cond) continue;
    std::set<unsigned> src;
    sourcesIn(cond, src);
    if (src.empty()) continue;
    std::vector<llvm::BitVector> sides;
    for (const CFGBlock *s : b->succs())
      sides.push_back(s ? reachableAvoiding(s, b) : llvm::BitVector(blocks_.size()));
    if (sides.size() < 2) continue;
    bool twoWay = sides.size() == 2 && !isa<SwitchStmt>(b->getTerminatorStmt());
    for (unsigned o : src) {
      int side = twoWay ? signalledSide(cond, o) : -1; // succs: true side first
      for (unsigned u = 0; u < uses_.size(); ++u) {
        unsigned ub = uses_[u].pos.block;
        if (ub == b->getBlockID() || uses_[u].stmt == observations_[o].stmt) continue;
        bool gated = false;
        for (unsigned i = 0; i < sides.size() && !gated; ++i) {
          if (side >= 0 && i != unsigned(1 - side)) continue; // true side is index 0
          if (!sides[i].test(ub)) continue;
          bool elsewhere = false;
          for (unsigned j = 0; j < sides.size(); ++j) elsewhere |= j != i && sides[j].test(ub);
          gated = !elsewhere;
        }
        if (gated) gated_[o].push_back(u);
      }
    }
  }
}

int FunctionModel::signalledSide(const Expr *cond, unsigned o) const {
  cond = cond->IgnoreParenImpCasts();
  auto has = [&](const Expr *e) {
    std::set<unsigned> s;
    sourcesIn(e, s);
    return s.count(o) > 0;
  };
  if (const auto *uo = dyn_cast<UnaryOperator>(cond); uo && uo->getOpcode() == UO_LNot) {
    int s = signalledSide(uo->getSubExpr(), o);
    return s < 0 ? s : 1 - s;
  }
  const auto *bo = dyn_cast<BinaryOperator>(cond);
  if (!bo) return 1;
  const Expr *l = bo->getLHS(), *r = bo->getRHS();
  const Expr *other = has(l) ? r : l;
  const Expr *mine = has(l) ? l : r;
  // Compared with 0: unset for a flag or a boolean, reached for a counter.
  bool zeroIsUnset = isZero(other, ast_) &&
                     (!observations_[o].rmw || mine->IgnoreParenImpCasts()->getType()->isBooleanType());
  switch (bo->getOpcode()) {
  case BO_LAnd: {
    int s = signalledSide(mine, o);
    return s == 1 ? 1 : -1;
  }
  case BO_LOr: {
    int s = signalledSide(mine, o);
    return s == 0 ? 0 : -1;
  }
  case BO_EQ: return zeroIsUnset ? 0 : 1;
  case BO_NE: return zeroIsUnset ? 1 : 0;
  case BO_LT:
  case BO_LE: return has(l) ? 0 : 1;
  case BO_GT:
  case BO_GE: return has(l) ? 1 : 0;
  default: return -1;
  }
}

llvm::BitVector FunctionModel::reachableAvoiding(const CFGBlock *start, const CFGBlock *avoid) const {
  llvm::BitVector seen(blocks_.size());
  std::vector<const CFGBlock *> work{start};
  while (!work.empty()) {
    const CFGBlock *b = work.back();
    work.pop_back();
    if (b == avoid || seen.test(b->getBlockID())) continue;
    seen.set(b->getBlockID());
    for (const CFGBlock *s : b->succs())
      if (s) work.push_back(s);
  }
  return seen;
}

} // namespace fence
} // namespace warpcheck
