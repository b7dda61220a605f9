// fence-missing (static half): data handed to other blocks through a flag
// or counter with no fence between the data and the signal.
//
// Writer: a path from a plain store to global memory to a relaxed atomic or
// a volatile/relaxed flag store that publishes it, with no device fence (or
// release) in between: the guide's last-block reduction without its
// __threadfence(). Reader: a plain load of such data after the flag or
// counter was observed, with no fence (or acquire) in between.
//
// What publishes is decided from how the TU uses a location, not from its
// name. A location is a *flag* when some device code observes it — a
// volatile or relaxed atomic load, or the result of a counting atomic
// (atomicAdd/Inc/..., fetch_add, ...) — in the condition of a branch or
// loop that decides whether the thread goes on to read data that device
// code writes (the "last block" test, a spin loop before reading). A counter
// whose result is unused (a histogram) or indexes memory (a slot allocator,
// a work queue) is not observed; a location taken with atomicCAS or a used
// atomicExch is a lock (mutex-without-acquire-release, not this rule).
// Block-scope fences count as fences here: one where a device fence is
// needed is scope-too-narrow's finding.
#include "analyzer/checks/Check.h"
#include "analyzer/checks/CheckRegistry.h"
#include "analyzer/checks/MemoryOps.h"
#include "analyzer/uniformity/CudaBuiltins.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/CFG.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/BitVector.h"
#include <map>
#include <set>

namespace warpcheck {
namespace {

using namespace clang;
using namespace clang::ast_matchers;

struct Pos {
  unsigned block = 0, index = 0;
};

// A non-atomic store to global memory, or a load/call that uses its data.
struct Access {
  const Stmt *stmt;
  Pos pos;
  MemRoot root;
  bool plainLoad = false; // a non-volatile load (the reader half reports only these)
};

// A write that may tell other threads that data is ready: a relaxed
// read-modify-write, or a volatile or relaxed atomic store of a flag.
struct Signal {
  const Stmt *stmt;
  Pos pos;
  MemRoot root;
  std::string what; // "'atomicInc' on 'count'"
};

// A read whose value may tell this thread that data is ready.
struct Observation {
  const Stmt *stmt;
  Pos pos;
  MemRoot root;
  std::string what;     // "the result of 'atomicInc' on 'count'"
  bool rmw = false;     // the result of a read-modify-write
  bool ordered = false; // acquire or stronger: needs no fence
};

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

// Whether a call may execute a fence: the callee's body has one (or an
// ordering atomic), or it has no body and is not a builtin or a system
// header declaration (libdevice, vprintf): an extern device function of
// separate compilation may fence, and assuming it does reports nothing.
class FenceSummaries {
public:
  explicit FenceSummaries(ASTContext &ast) : ast_(ast) {}

  bool mayFence(const FunctionDecl *fd) {
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

private:
  bool scan(const Stmt *s) {
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

  ASTContext &ast_;
  std::map<const FunctionDecl *, bool> state_;
};

// One device function: its CFG, what each element does, and which
// observations decide which data accesses.
class FunctionModel {
public:
  FunctionModel(const FunctionDecl *fn, ASTContext &ast, FenceSummaries &summaries, const ClassSet &privateClasses)
      : fn_(fn), ast_(ast), summaries_(summaries), roots_(fn, &privateClasses) {}

  bool build() {
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

  const FunctionDecl *decl() const { return fn_; }
  const std::vector<Access> &stores() const { return stores_; }
  const std::vector<Access> &uses() const { return uses_; }
  const std::vector<Signal> &signals() const { return signals_; }
  const std::vector<Observation> &observations() const { return observations_; }
  const std::set<std::string> &lockKeys() const { return lockKeys_; }
  const std::set<std::string> &rmwKeys() const { return rmwKeys_; }
  // Observations whose value is used as an index or offset: slot
  // allocation and work distribution, not a signal.
  bool indexes(unsigned obs) const { return indexUsed_.count(obs); }
  // The data accesses that run only when the observation's branch goes
  // one way (uses_ indices).
  const std::vector<unsigned> &gatedUses(unsigned obs) const { return gated_[obs]; }

  // Whether `from` reaches `to` along some path without a fence that
  // orders earlier writes (writer) or later reads (reader).
  bool reachesWithoutFence(Pos from, Pos to, bool writer) const {
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

private:
  void classify(const Stmt *s, Pos pos, bool &killW, bool &killR) {
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

  void onStore(const Stmt *s, const Expr *lhs, const Expr *rhs, Pos pos) {
    QualType t = lhs->getType();
    if (t->isRecordType()) return;
    MemRoot root = roots_.ofLValue(lhs);
    if (root.space != MemSpace::Global) return;
    stores_.push_back({s, pos, root});
    // Storing 0 resets a flag or counter; it signals nothing.
    if (t.isVolatileQualified() && isFlagType(t) && !isZero(rhs, ast_) && !root.key.empty())
      signals_.push_back({s, pos, root, "the volatile store to '" + root.name + "'"});
  }

  void onLoad(const ImplicitCastExpr *load, Pos pos) {
    const Expr *lv = load->getSubExpr();
    MemRoot root = roots_.ofLValue(lv);
    if (root.space != MemSpace::Global || root.key.empty()) return;
    bool isVolatile = lv->getType().isVolatileQualified();
    if (isVolatile && isFlagType(lv->getType()))
      addObservation({load, pos, root, "the volatile load of '" + root.name + "'"});
    uses_.push_back({load, pos, root, !isVolatile});
  }

  void onCall(const CallExpr *call, Pos pos) {
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

  void onAtomic(const Stmt *s, const AtomicOp &a, Pos pos) {
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

  void addObservation(Observation o) {
    obsIndex_[o.stmt] = observations_.size();
    observations_.push_back(std::move(o));
  }

  // Whether the value of an atomic is used (`old = atomicExch(...)`), not
  // discarded as an expression statement -- also the whole body of an `if`
  // or a loop without braces (`if (t == 0) atomicExch(&ready[row], 1);`).
  bool resultUsed(const Stmt *s) const {
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

  // ---- which observations reach which branch conditions ---------------------

  // The observations an expression's value derives from: the observation
  // expressions in it, and the variables they were stored to.
  void sourcesIn(const Stmt *s, std::set<unsigned> &out) const {
    if (!s || isa<LambdaExpr>(s)) return;
    if (auto it = obsIndex_.find(s); it != obsIndex_.end()) out.insert(it->second);
    if (const auto *dre = dyn_cast<DeclRefExpr>(s))
      if (auto it = taint_.find(dre->getDecl()); it != taint_.end()) out.insert(it->second.begin(), it->second.end());
    for (const Stmt *c : s->children()) sourcesIn(c, out);
  }

  // The variable an lvalue stores into (a local, a __shared__ flag, an
  // element of a local or shared array).
  static const ValueDecl *assignedVar(const Expr *lhs) {
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

  void computeTaint() {
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

  // An access is gated by an observation when it is reachable from the side
  // of a branch that the thread takes once the signal is seen, but not from
  // the other side (without coming back through the branch): inside `if
  // (last) {...}`, after `if (!last) return;`, after a spin loop. The side
  // where a flag reads 0 (`if (*abort) return;` continuing) is not one.
  void computeGating() {
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

  // The side of a two-way branch on `cond` that the thread takes when
  // observation `o` saw the signal: 1 true, 0 false, -1 either. A flag is
  // set when non-zero; a counter signals when it equals, or reaches, the
  // value it is compared with.
  int signalledSide(const Expr *cond, unsigned o) const {
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

  llvm::BitVector reachableAvoiding(const CFGBlock *start, const CFGBlock *avoid) const {
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

  const FunctionDecl *fn_;
  ASTContext &ast_;
  FenceSummaries &summaries_;
  MemRoots roots_;
  std::unique_ptr<CFG> cfg_;
  std::vector<const CFGBlock *> blocks_;
  std::vector<std::vector<bool>> killW_, killR_; // per block, per element
  std::vector<Access> stores_, uses_;
  std::vector<Signal> signals_;
  std::vector<Observation> observations_;
  std::map<const Stmt *, unsigned> obsIndex_;
  std::map<const ValueDecl *, std::set<unsigned>> taint_;
  std::set<unsigned> indexUsed_;
  std::vector<std::vector<unsigned>> gated_;
  std::set<std::string> lockKeys_, rmwKeys_;
};

class FenceMissingCheck : public Check {
public:
  using Check::Check;

  void registerMatchers(MatchFinder &finder) override {
    finder.addMatcher(functionDecl(isDefinition(), isDeviceFunction())
                          .bind("fn"),
                      this);
  }

  void check(const MatchFinder::MatchResult &result) override {
    const auto *fn = result.Nodes.getNodeAs<FunctionDecl>("fn");
    if (!fn || fn->isDependentContext() || !fn->getBody() || fn->isInvalidDecl()) return;
    // Only code that may be reported: the keys that link a writer to its
    // readers are names, and CCCL's internals would only add noise.
    if (!context().isReportable(fn->getLocation())) return;
    if (seen_.insert(fn).second) functions_.push_back(fn);
  }

  void onEndOfTranslationUnit(ASTContext &ast) override {
    FenceSummaries summaries(ast);
    // Each thread's own copy of a flags object (a Lamport all-reduce's
    // per-thread flag state) is not data handed to other blocks.
    const ClassSet privateClasses = threadPrivateClasses(functions_);
    std::vector<std::unique_ptr<FunctionModel>> models;
    for (const FunctionDecl *fn : functions_) {
      auto m = std::make_unique<FunctionModel>(fn, ast, summaries, privateClasses);
      if (m->build()) models.push_back(std::move(m));
    }
    // What device code writes, and which locations are locks.
    std::set<std::string> written, locks;
    for (const auto &m : models) {
      for (const Access &s : m->stores()) written.insert(s.root.key);
      written.insert(m->rmwKeys().begin(), m->rmwKeys().end());
      locks.insert(m->lockKeys().begin(), m->lockKeys().end());
    }
    written.erase("");
    // Flags: observed locations that gate reads of written data.
    for (const auto &m : models)
      for (unsigned o = 0; o < m->observations().size(); ++o) {
        const Observation &obs = m->observations()[o];
        if (!isSignalObservation(*m, o, locks)) continue;
        for (unsigned u : m->gatedUses(o)) {
          const Access &use = m->uses()[u];
          if (use.root.key == obs.root.key || !written.count(use.root.key)) continue;
          flags_[obs.root.key].emplace(use.root.key, Consumer{&obs, &use});
        }
      }
    for (const auto &m : models) {
      for (const Signal &s : m->signals()) checkSignal(*m, s, locks);
      for (unsigned o = 0; o < m->observations().size(); ++o) checkObservation(*m, o, locks);
    }
  }

private:
  struct Consumer {
    const Observation *obs;
    const Access *use;
  };

  static bool isSignalObservation(const FunctionModel &m, unsigned o, const std::set<std::string> &locks) {
    const Observation &obs = m.observations()[o];
    return !locks.count(obs.root.key) && !(obs.rmw && m.indexes(o)) && !m.gatedUses(o).empty();
  }

  // Writer: data stores that reach a signal with no fence between.
  void checkSignal(const FunctionModel &m, const Signal &sig, const std::set<std::string> &locks) {
    auto flag = flags_.find(sig.root.key);
    if (flag == flags_.end() || locks.count(sig.root.key)) return;
    const SourceManager &sm = context().sources();
    const Access *best = nullptr;
    for (const Access &st : m.stores()) {
      if (st.root.key == sig.root.key || !flag->second.count(st.root.key)) continue;
      if (!m.reachesWithoutFence(st.pos, sig.pos, /*writer=*/true)) continue;
      // The closest store before the signal in the source, else the first.
      bool before = sm.isBeforeInTranslationUnit(st.stmt->getBeginLoc(), sig.stmt->getBeginLoc());
      if (!best || (before && (!sm.isBeforeInTranslationUnit(best->stmt->getBeginLoc(), sig.stmt->getBeginLoc()) ||
                               sm.isBeforeInTranslationUnit(best->stmt->getBeginLoc(), st.stmt->getBeginLoc()))))
        best = &st;
    }
    if (!best) return;
    const std::string &data = best->root.name;
    const std::string &flagName = sig.root.name;
    FindingBuilder f = diag(sig.stmt->getBeginLoc(),
                            sig.what + " signals other blocks that '" + data +
                                "' is ready, but no fence orders the store to '" + data +
                                "' before it: a block that sees the new '" + flagName + "' can read stale '" + data +
                                "'; add __threadfence() before the signal");
    f.note(best->stmt->getBeginLoc(), "the store to '" + data + "' that the signal may overtake");
    const Consumer &c = flag->second.at(best->root.key);
    f.note(c.use->stmt->getBeginLoc(), "'" + data + "' is read here once " + c.obs->what + " says it is ready");
    insertFence(f, sig.stmt, best->stmt);
  }

  // Reader: plain loads of published data after the observation with no
  // fence between.
  void checkObservation(const FunctionModel &m, unsigned o, const std::set<std::string> &locks) {
    const Observation &obs = m.observations()[o];
    if (obs.ordered || !isSignalObservation(m, o, locks)) return;
    auto flag = flags_.find(obs.root.key);
    if (flag == flags_.end()) return;
    const SourceManager &sm = context().sources();
    const Access *first = nullptr;
    for (unsigned u : m.gatedUses(o)) {
      const Access &use = m.uses()[u];
      if (!use.plainLoad || !flag->second.count(use.root.key) || flags_.count(use.root.key)) continue;
      if (!m.reachesWithoutFence(obs.pos, use.pos, /*writer=*/false)) continue;
      if (!first || sm.isBeforeInTranslationUnit(use.stmt->getBeginLoc(), first->stmt->getBeginLoc())) first = &use;
    }
    if (!first || !reported_.insert(first->stmt).second) return;
    const std::string &data = first->root.name;
    FindingBuilder f = diag(first->stmt->getBeginLoc(),
                            "'" + data + "' is read after " + obs.what +
                                " said it is ready, but no fence orders the two reads: this one can return data "
                                "older than the signal; add __threadfence() before it");
    f.severity(Severity::Warning);
    f.note(obs.stmt->getBeginLoc(), obs.what + " is observed here");
    insertFence(f, first->stmt, obs.stmt);
  }

  // Fix-it: __threadfence(); before the statement (of a compound statement)
  // that contains `at`, when that statement does not also contain `other`
  // (the other end of the path) and is not a loop whose condition has `at`.
  void insertFence(FindingBuilder &f, const Stmt *at, const Stmt *other) {
    ASTContext &ast = context().ast();
    const Stmt *cur = at;
    const Stmt *stmt = nullptr;
    for (int depth = 0; depth < 64 && !stmt; ++depth) {
      DynTypedNodeList parents = ast.getParents(*cur);
      if (parents.empty()) return;
      const Stmt *p = parents[0].get<Stmt>();
      if (!p || isa<LambdaExpr>(p)) return;
      if (isa<WhileStmt>(p) || isa<DoStmt>(p) || isa<ForStmt>(p)) {
        const Stmt *body = isa<WhileStmt>(p) ? cast<WhileStmt>(p)->getBody()
                           : isa<DoStmt>(p)  ? cast<DoStmt>(p)->getBody()
                                             : cast<ForStmt>(p)->getBody();
        if (cur != body) return; // in the loop's condition or increment
      }
      if (isa<CompoundStmt>(p)) stmt = cur;
      cur = p;
    }
    if (!stmt) return;
    const SourceManager &sm = context().sources();
    SourceLocation begin = stmt->getBeginLoc();
    if (begin.isMacroID() || (other && sm.isBeforeInTranslationUnit(begin, other->getBeginLoc()) &&
                              sm.isBeforeInTranslationUnit(other->getBeginLoc(), stmt->getEndLoc())) ||
        (other && begin == other->getBeginLoc()))
      return;
    bool invalid = false;
    llvm::StringRef line = sm.getBufferData(sm.getFileID(begin), &invalid);
    if (invalid) return;
    unsigned offset = sm.getFileOffset(begin);
    size_t lineStart = line.rfind('\n', offset ? offset - 1 : 0);
    lineStart = lineStart == llvm::StringRef::npos ? 0 : lineStart + 1;
    llvm::StringRef indent = line.slice(lineStart, offset);
    std::string text = indent.find_first_not_of(" \t") == llvm::StringRef::npos
                           ? "__threadfence();\n" + indent.str()
                           : "__threadfence(); ";
    f.fixit(CharSourceRange::getCharRange(begin, begin), text);
  }

  std::set<const FunctionDecl *> seen_;
  std::vector<const FunctionDecl *> functions_;
  // flag key -> data key -> one consumer (observation and gated read).
  std::map<std::string, std::map<std::string, Consumer>> flags_;
  std::set<const Stmt *> reported_;
};

} // namespace

CheckFactory fenceMissingCheck() { return checkFactory<FenceMissingCheck>(rule::FenceMissing); }

} // namespace warpcheck
