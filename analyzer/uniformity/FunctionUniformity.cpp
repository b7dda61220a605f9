// The per-function uniformity analysis.
//
// Locals whose address never escapes are tracked precisely with reaching
// definitions over clang's CFG: a use's value is the join of the definitions
// that reach it, plus the level of every branch that separates those
// definitions from the use (sync dependence: the branch decides which
// definition a thread sees). Arrays, structs and address-taken locals are
// "objects" updated weakly, flow-insensitively. Memory outside the function's
// locals is not modelled: a load is as divergent as its address.
#include "analyzer/uniformity/FunctionUniformity.h"
#include "analyzer/core/StripExpr.h"
#include "analyzer/cuda/CudaBuiltins.h"
#include "analyzer/uniformity/EscapeScan.h"
#include "analyzer/uniformity/IntrinsicDivergence.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Analysis/Analyses/Dominators.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/FoldingSet.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SparseBitVector.h"

namespace warpcheck {

using namespace clang;

namespace {

constexpr unsigned kThisParam = 63; // param bit of the implicit object

bool isLocal(const VarDecl *v) { return v && v->hasLocalStorage() && !isa<ParmVarDecl>(v); }

} // namespace

struct FunctionUniformity::Impl {
  FunctionUniformity &self;
  ProgramUniformity &program;
  const FunctionDecl *fn;
  bool kernel;
  std::unique_ptr<CFG> cfg;
  std::unique_ptr<CFGPostDomTree> postDom;
  // Direct control dependences, per block id: the branches deciding
  // whether the block runs.
  std::vector<llvm::SmallVector<unsigned, 2>> directDeps;

  struct Position { const CFGBlock *block; unsigned index; };
  llvm::DenseMap<const Stmt *, Position> where;

  // Plain assignments `this->field = v` (or `field = v` in a method), by
  // field: a later one on every path overwrites what the earlier stored.
  llvm::DenseMap<const ValueDecl *, std::vector<const Stmt *>> fieldAssigns;

  // Reaching definitions of tracked scalars.
  struct Def { const VarDecl *var; const Stmt *stmt; const Expr *value; bool compound; Position at; };
  std::vector<Def> defs;
  std::vector<Uniformity> defValue;
  llvm::DenseMap<const VarDecl *, llvm::SmallVector<unsigned, 4>> defsOf;
  // Sparse: in a generated or unrolled kernel of N blocks and N
  // definitions, dense sets would take N^2 bits.
  std::vector<llvm::SparseBitVector<>> defsIn; // per block id
  std::vector<llvm::SmallVector<unsigned, 4>> defsInBlock; // per block id, in order
  llvm::DenseMap<const VarDecl *, llvm::SparseBitVector<>> defsOfVar; // defsOf as sets
  llvm::DenseMap<const Stmt *, unsigned> defAt;

  llvm::SmallPtrSet<const VarDecl *, 16> escaped;
  llvm::DenseMap<const VarDecl *, Uniformity> objects; // arrays, structs, escaped locals
  llvm::DenseMap<const VarDecl *, llvm::SmallPtrSet<const VarDecl *, 2>> pointees;
  llvm::DenseMap<const VarDecl *, const VarDecl *> aliasOf; // T& r = local

  std::vector<const CFGBlock *> blockById;
  llvm::BitVector live; // blocks reachable when constant conditions are folded
  llvm::DenseMap<const CFGBlock *, Uniformity> branchLevel;
  mutable std::vector<std::unique_ptr<llvm::SparseBitVector<>>> cdStar; // transitive control deps
  mutable llvm::BitVector cdScratch;
  mutable std::vector<std::unique_ptr<llvm::BitVector>> reachable; // blocks reachable from
  // The blocks that reach a target block without entering a branch block,
  // keyed by (target, branch) ids (reachesAvoiding).
  mutable std::map<std::pair<unsigned, unsigned>, llvm::SmallVector<unsigned, 16>> reachersAvoiding;
  mutable llvm::BitVector backSeen; // scratch of reachesAvoiding, all clear between calls
  struct UseInfo { llvm::SmallVector<unsigned, 4> defs; llvm::SmallVector<const CFGBlock *, 2> sync; };
  llvm::DenseMap<const DeclRefExpr *, UseInfo> uses;

  Uniformity returnValue;
  std::map<unsigned, Uniformity> storedThrough;
  Uniformity barrierControl;
  bool changed = false;

  Impl(FunctionUniformity &s, ProgramUniformity &p, const FunctionDecl *f)
      : self(s), program(p), fn(f), kernel(f->hasAttr<CUDAGlobalAttr>()) {}

  // ---- set-up -------------------------------------------------------------

  bool build() {
    CFG::BuildOptions opts;
    opts.setAllAlwaysAdd();
    opts.AddImplicitDtors = false;
    opts.AddTemporaryDtors = false;
    opts.AddCXXDefaultInitExprInCtors = true;
    opts.AddInitializers = true; // a constructor's member initializers store through `this`
    cfg = CFG::buildCFG(fn, fn->getBody(), &program.ast(), opts);
    if (!cfg) return false;
    postDom = std::make_unique<CFGPostDomTree>(cfg.get());
    computeControlDependences();
    cdStar.resize(cfg->getNumBlockIDs());
    blockById.assign(cfg->getNumBlockIDs(), nullptr);
    for (const CFGBlock *b : *cfg) blockById[b->getBlockID()] = b;
    reachable.resize(cfg->getNumBlockIDs());
    defsInBlock.resize(cfg->getNumBlockIDs());
    escaped = escapedLocals(fn->getBody(), EscapeNotion::Storage);
    // Sized once (it is only looked up, never iterated): growing it was a
    // visible part of a file of large template instances.
    size_t elements = 0;
    for (const CFGBlock *b : *cfg) elements += b->size() + 1;
    where.reserve(elements);
    for (const CFGBlock *b : *cfg) {
      unsigned i = 0;
      for (const CFGElement &el : *b) {
        if (auto cs = el.getAs<CFGStmt>()) {
          where.try_emplace(cs->getStmt(), Position{b, i});
          collectDef(cs->getStmt(), Position{b, i});
          if (const ValueDecl *f = assignedThisField(cs->getStmt())) fieldAssigns[f].push_back(cs->getStmt());
        }
        ++i;
      }
      if (const Stmt *t = b->getTerminatorStmt()) where.try_emplace(t, Position{b, i});
    }
    computeReachingDefs();
    computeLiveBlocks();
    return true;
  }

  // Template code often branches on constants (`if (width == warp_size())`):
  // the side that cannot run must not contribute values or barriers.
  void computeLiveBlocks() {
    live.resize(cfg->getNumBlockIDs());
    std::vector<const CFGBlock *> work{&cfg->getEntry()};
    live.set(cfg->getEntry().getBlockID());
    while (!work.empty()) {
      const CFGBlock *b = work.back();
      work.pop_back();
      std::optional<bool> known;
      if (const auto *cond = dyn_cast_or_null<Expr>(b->getTerminatorCondition()); cond && b->succ_size() == 2 &&
          !cond->isValueDependent() && !cond->HasSideEffects(program.ast())) {
        bool value;
        if (cond->EvaluateAsBooleanCondition(value, program.ast())) known = value;
      }
      unsigned i = 0;
      for (const CFGBlock *succ : b->succs()) {
        bool taken = !known || (i == 0) == *known;
        ++i;
        if (succ && taken && !live.test(succ->getBlockID())) {
          live.set(succ->getBlockID());
          work.push_back(succ);
        }
      }
    }
  }

  bool isTracked(const VarDecl *v) const {
    if (!isLocal(v) || escaped.count(v)) return false;
    QualType t = v->getType();
    return !t->isReferenceType() && !t->isArrayType() && !t->isRecordType();
  }

  const VarDecl *trackedRef(const Expr *e) const {
    if (const auto *dre = dyn_cast<DeclRefExpr>(strip(e)))
      if (const auto *v = dyn_cast<VarDecl>(dre->getDecl()))
        if (isTracked(v)) return v;
    return nullptr;
  }

  void addDef(const VarDecl *v, const Stmt *s, const Expr *value, bool compound, Position at) {
    defAt[s] = defs.size();
    defsInBlock[at.block->getBlockID()].push_back(defs.size());
    defsOf[v].push_back(defs.size());
    defs.push_back(Def{v, s, value, compound, at});
  }

  void collectDef(const Stmt *s, Position at) {
    if (const auto *ds = dyn_cast<DeclStmt>(s)) {
      for (const Decl *d : ds->decls())
        if (const auto *v = dyn_cast<VarDecl>(d)) {
          if (isTracked(v)) addDef(v, s, v->getInit(), false, at);
          else if (v->getType()->isReferenceType() && v->getInit())
            if (const VarDecl *target = storageVar(v->getInit()))
              if (isLocal(target) || isa<ParmVarDecl>(target)) aliasOf[v] = target;
        }
    } else if (const auto *bo = dyn_cast<BinaryOperator>(s)) {
      if (bo->isAssignmentOp())
        if (const VarDecl *v = trackedRef(bo->getLHS())) addDef(v, s, bo->getRHS(), bo->isCompoundAssignmentOp(), at);
    } else if (const auto *uo = dyn_cast<UnaryOperator>(s)) {
      if (uo->isIncrementDecrementOp())
        if (const VarDecl *v = trackedRef(uo->getSubExpr())) addDef(v, s, nullptr, true, at);
    }
  }

  // The blocks in reverse post-order from the entry, then the unreachable
  // ones. clang numbers blocks from the exit backwards, so the CFG's own
  // order is the worst for a forward dataflow (one round per block: cubic
  // on long functions); in this order it converges in loop depth + 2 rounds.
  std::vector<const CFGBlock *> forwardOrder() const {
    std::vector<const CFGBlock *> post;
    llvm::BitVector seen(cfg->getNumBlockIDs());
    std::vector<std::pair<const CFGBlock *, CFGBlock::const_succ_iterator>> stack;
    const CFGBlock *entry = &cfg->getEntry();
    seen.set(entry->getBlockID());
    stack.push_back({entry, entry->succ_begin()});
    while (!stack.empty()) {
      const CFGBlock *b = stack.back().first;
      if (stack.back().second == b->succ_end()) {
        post.push_back(b);
        stack.pop_back();
        continue;
      }
      const CFGBlock *s = *stack.back().second++;
      if (s && !seen.test(s->getBlockID())) {
        seen.set(s->getBlockID());
        stack.push_back({s, s->succ_begin()});
      }
    }
    std::reverse(post.begin(), post.end());
    for (const CFGBlock *b : *cfg)
      if (!seen.test(b->getBlockID())) post.push_back(b);
    return post;
  }

  void computeReachingDefs() {
    unsigned n = cfg->getNumBlockIDs();
    // gen: the last definition of each variable in the block; kill: every
    // definition of the variables the block defines (as one set per variable).
    std::vector<llvm::SparseBitVector<>> gen(n), out(n);
    std::vector<llvm::SmallVector<const VarDecl *, 2>> killed(n);
    for (unsigned d = 0; d < defs.size(); ++d) defsOfVar[defs[d].var].set(d);
    for (unsigned id = 0; id < n; ++id) {
      const auto &inBlock = defsInBlock[id];
      for (size_t k = 0; k < inBlock.size(); ++k) {
        const VarDecl *v = defs[inBlock[k]].var;
        bool lastOfVar = true;
        for (size_t m = k + 1; m < inBlock.size() && lastOfVar; ++m) lastOfVar = defs[inBlock[m]].var != v;
        if (!lastOfVar) continue;
        gen[id].set(inBlock[k]);
        killed[id].push_back(v);
      }
    }
    defsIn.assign(n, llvm::SparseBitVector<>());
    std::vector<const CFGBlock *> order = forwardOrder();
    bool again = true;
    while (again && !program.expired()) {
      again = false;
      for (const CFGBlock *b : order) {
        unsigned id = b->getBlockID();
        llvm::SparseBitVector<> in;
        for (const CFGBlock *p : b->preds())
          if (p) in |= out[p->getBlockID()];
        llvm::SparseBitVector<> o = in;
        for (const VarDecl *v : killed[id]) o.intersectWithComplement(defsOfVar[v]);
        o |= gen[id];
        defsIn[id] = std::move(in);
        if (o != out[id]) {
          out[id] = std::move(o);
          again = true;
        }
      }
    }
  }

  // ---- control dependence ---------------------------------------------------

  // Ferrante, Ottenstein and Warren: for each edge X -> Y where Y does not
  // post-dominate X, Y and its post-dominators up to X's immediate
  // post-dominator depend on X. The same sets as clang's
  // ControlDependencyCalculator (the post-dominance frontier), for all
  // blocks at once: that class computes an iterated frontier per block
  // over the whole function, quadratic in a long function.
  void computeControlDependences() {
    directDeps.assign(cfg->getNumBlockIDs(), {});
    auto &tree = postDom->getBase();
    for (const CFGBlock *x : *cfg) {
      const auto *xNode = tree.getNode(const_cast<CFGBlock *>(x));
      if (!xNode) continue;
      const auto *stop = xNode->getIDom();
      for (const CFGBlock *y : x->succs()) {
        if (!y) continue;
        for (const auto *runner = tree.getNode(const_cast<CFGBlock *>(y)); runner && runner != stop;
             runner = runner->getIDom()) {
          const CFGBlock *b = runner->getBlock();
          if (!b) break;
          auto &deps = directDeps[b->getBlockID()];
          if (std::find(deps.begin(), deps.end(), x->getBlockID()) == deps.end()) deps.push_back(x->getBlockID());
        }
      }
    }
  }

  const llvm::SparseBitVector<> &controlDepsOf(const CFGBlock *b) const {
    auto &slot = cdStar[b->getBlockID()];
    if (!slot) {
      // The walk marks blocks in a dense scratch set (a sparse set's test
      // and set are linear in its size), then keeps them sparsely.
      slot = std::make_unique<llvm::SparseBitVector<>>();
      if (cdScratch.size() != cfg->getNumBlockIDs()) cdScratch.resize(cfg->getNumBlockIDs());
      std::vector<unsigned> found;
      std::vector<unsigned> work{b->getBlockID()};
      while (!work.empty()) {
        unsigned x = work.back();
        work.pop_back();
        for (unsigned d : directDeps[x])
          if (!cdScratch.test(d)) {
            cdScratch.set(d);
            found.push_back(d);
            work.push_back(d);
          }
      }
      std::sort(found.begin(), found.end());
      for (unsigned d : found) {
        slot->set(d); // ascending: appends at the end of the sparse list
        cdScratch.reset(d);
      }
    }
    return *slot;
  }

  const llvm::BitVector &reachableFrom(const CFGBlock *b) const {
    auto &slot = reachable[b->getBlockID()];
    if (!slot) slot = std::make_unique<llvm::BitVector>(blocksReachable(b, nullptr));
    return *slot;
  }

  // Whether `target` can be reached from `from` without entering `avoid`
  // (`avoid` != `target`). Searched backwards from the target: the blocks
  // that reach a statement without passing one of its guards are the
  // guard's own region, whereas a forward walk from the guard's other side
  // would cover the rest of the function — once per guard, quadratic in a
  // long kernel. Memoized per (target, avoid); the search is reused for
  // every side of the branch.
  bool reachesAvoiding(const CFGBlock *from, const CFGBlock *target, const CFGBlock *avoid) const {
    if (from == avoid) return false;
    auto key = std::make_pair(target->getBlockID(), avoid->getBlockID());
    auto it = reachersAvoiding.find(key);
    if (it == reachersAvoiding.end()) {
      llvm::SmallVector<unsigned, 16> found; // the blocks reaching target, sorted
      if (backSeen.size() != cfg->getNumBlockIDs()) backSeen.resize(cfg->getNumBlockIDs());
      std::vector<const CFGBlock *> work{target};
      backSeen.set(target->getBlockID());
      found.push_back(target->getBlockID());
      while (!work.empty()) {
        const CFGBlock *x = work.back();
        work.pop_back();
        for (const CFGBlock *p : x->preds())
          if (p && p != avoid && !backSeen.test(p->getBlockID())) {
            backSeen.set(p->getBlockID());
            found.push_back(p->getBlockID());
            work.push_back(p);
          }
      }
      for (unsigned id : found) backSeen.reset(id);
      std::sort(found.begin(), found.end());
      it = reachersAvoiding.emplace(key, std::move(found)).first;
    }
    return std::binary_search(it->second.begin(), it->second.end(), from->getBlockID());
  }

  // `from` and the blocks reachable from it without entering `avoid`.
  llvm::BitVector blocksReachable(const CFGBlock *from, const CFGBlock *avoid) const {
    llvm::BitVector seen(cfg->getNumBlockIDs());
    std::vector<const CFGBlock *> work{from};
    seen.set(from->getBlockID());
    while (!work.empty()) {
      const CFGBlock *x = work.back();
      work.pop_back();
      for (const CFGBlock *s : x->succs())
        if (s && s != avoid && !seen.test(s->getBlockID())) {
          seen.set(s->getBlockID());
          work.push_back(s);
        }
    }
    return seen;
  }

  // The block's last statement: a `return` (in a kernel, the thread exits)
  // or a call that never returns (__trap, assert failure).
  bool endsInNoReturn(const CFGBlock *b) const { return endsInExit(b, /*returnExits=*/false); }
  bool endsInExit(const CFGBlock *b, bool returnExits) const {
    for (auto it = b->rbegin(); it != b->rend(); ++it)
      if (auto cs = it->getAs<CFGStmt>()) {
        const Stmt *s = cs->getStmt();
        if (isa<ReturnStmt>(s)) return returnExits;
        if (const auto *call = dyn_cast<CallExpr>(s))
          if (const FunctionDecl *fd = call->getDirectCallee()) return fd->isNoReturn();
        return false;
      }
    return false;
  }

  bool blockHasBarrier(const CFGBlock *b) const {
    for (const CFGElement &el : *b)
      if (auto cs = el.getAs<CFGStmt>()) {
        const Stmt *s = cs->getStmt();
        if (isBlockBarrierAsm(s)) return true;
        if (const auto *call = dyn_cast<CallExpr>(s)) {
          if (isBlockBarrierName(calleeName(call))) return true;
          if (const FunctionDecl *fd = call->getDirectCallee())
            if (fd != fn && program.mayExecuteBlockBarrier(fd)) return true;
        }
      }
    return false;
  }

  // A branch is harmless for `target` when each side that cannot reach
  // `target` only leads to the thread's exit, runs no barrier, and never
  // merges with what `target` leads to (guide §5.4.4.1: exited threads are
  // not waited for; §5.4.6.6: exited lanes are ignored).
  bool exitsOnOtherSide(const CFGBlock *branch, const CFGBlock *target) const {
    const CFGBlock &exit = cfg->getExit();
    // The common case without walking the function: when the branch's
    // immediate post-dominator (not the exit) post-dominates the target
    // and every side, all sides merge again after the target, which the
    // walk below would find at the cost of two reachability sets.
    if (const auto *node = postDom->getBase().getNode(const_cast<CFGBlock *>(branch)))
      if (const auto *idom = node->getIDom(); idom && idom->getBlock() && idom->getBlock() != &exit) {
        const CFGBlock *join = idom->getBlock();
        bool merges = postDom->dominates(join, target);
        for (const CFGBlock *s : branch->succs())
          if (s && merges) merges = postDom->dominates(join, s);
        if (merges) return false;
      }
    const llvm::BitVector &afterTarget = reachableFrom(target);
    bool anyExitSide = false;
    for (const CFGBlock *s : branch->succs()) {
      if (!s) continue;
      const llvm::BitVector &fromS = reachableFrom(s);
      if (fromS.test(target->getBlockID())) continue;
      // Falling straight off the end is not an early exit: those threads
      // skip the code the others run, they do not leave before it.
      if (s == &exit) return false;
      anyExitSide = true;
      for (unsigned id : fromS.set_bits())
        if (id != exit.getBlockID() && afterTarget.test(id)) return false;
      for (const CFGBlock *b : *cfg) {
        if (!fromS.test(b->getBlockID()) || b == &exit) continue;
        if (blockHasBarrier(b)) return false;
        bool toExit = false;
        for (const CFGBlock *x : b->succs()) toExit |= x == &exit;
        // Only an explicit exit counts: a `return` in a kernel or a call
        // that never returns. Falling off the end after other work, or
        // returning to a caller, is running on, not exiting.
        if (toExit && !endsInExit(b, /*returnExits=*/kernel)) return false;
      }
    }
    if (!anyExitSide) return decisionExits(branch, target);
    return anyExitSide;
  }

  // `if (a && b) return;`: the block testing `a` has both sides reaching
  // `target` (through the test of `b`, or directly), yet it is one of
  // `target`'s control dependences. It decides nothing on its own: the
  // whole condition does, at the block that branches on it. The operand's
  // branch is harmless when that decision's other side only exits.
  bool decisionExits(const CFGBlock *branch, const CFGBlock *target) const {
    const auto *op = dyn_cast_or_null<BinaryOperator>(branch->getTerminatorStmt());
    if (!op || !op->isLogicalOp()) return false;
    for (const CFGBlock *b : *cfg) {
      const Stmt *t = b->getTerminatorStmt();
      if (b == branch || !t || isa<BinaryOperator>(t)) continue;
      const auto *cond = dyn_cast_or_null<Expr>(b->getTerminatorCondition(false));
      if (cond && containsExpr(cond, op)) return exitsOnOtherSide(b, target);
    }
    return false;
  }

  // Whether `part` is `whole` or one of its operands through &&, || and !.
  static bool containsExpr(const Expr *whole, const Expr *part) {
    const Expr *w = whole->IgnoreParenImpCasts();
    if (w == part) return true;
    if (const auto *bo = dyn_cast<BinaryOperator>(w); bo && bo->isLogicalOp())
      return containsExpr(bo->getLHS(), part) || containsExpr(bo->getRHS(), part);
    if (const auto *uo = dyn_cast<UnaryOperator>(w); uo && uo->getOpcode() == UO_LNot)
      return containsExpr(uo->getSubExpr(), part);
    return false;
  }

  // ---- values ------------------------------------------------------------

  Uniformity paramValue(unsigned i) const {
    Uniformity u;
    if (!kernel) {
      u.params = uint64_t(1) << std::min(i, kThisParam);
      // Whether the caller's argument is the same in every warp is not part
      // of the summary: assume it is not.
      u.warpIndependent = false;
    }
    return u;
  }

  Uniformity source(Divergence level, SourceLocation loc, std::string what, bool warpIndependent = false) {
    Uniformity u;
    u.level = level;
    u.origin = program.origin(loc, std::move(what));
    u.warpIndependent = level == Divergence::Uniform || warpIndependent;
    return u;
  }

  const UseInfo &useInfo(const DeclRefExpr *dre, const VarDecl *v) {
    auto it = uses.find(dre);
    if (it != uses.end()) return it->second;
    UseInfo info;
    auto pos = where.find(dre);
    const auto &all = defsOf[v];
    if (pos == where.end()) {
      info.defs.assign(all.begin(), all.end()); // not in the CFG: be conservative
    } else {
      const CFGBlock *b = pos->second.block;
      // Only the definitions in this block and those reaching it are
      // looked at: scanning every definition of `v` for each use would be
      // quadratic in a long function.
      int last = -1;
      for (unsigned d : defsInBlock[b->getBlockID()])
        if (defs[d].var == v && defs[d].at.index < pos->second.index &&
            (last < 0 || defs[d].at.index > defs[unsigned(last)].at.index))
          last = int(d);
      if (last >= 0) {
        info.defs.push_back(unsigned(last));
      } else if (auto ofV = defsOfVar.find(v); ofV != defsOfVar.end()) {
        for (unsigned d : defsIn[b->getBlockID()] & ofV->second) info.defs.push_back(d);
      }
      // Sync dependence: branches that decide which definition is seen,
      // in the order of the definitions, then of the blocks (set operations
      // on whole words: in a long function both sets are large).
      if (info.defs.size() > 1) {
        llvm::SparseBitVector<> seen = controlDepsOf(b); // the use's own guards are no sync
        for (unsigned d : info.defs) {
          llvm::SparseBitVector<> fresh = controlDepsOf(defs[d].at.block);
          fresh.intersectWithComplement(seen);
          for (unsigned id : fresh) info.sync.push_back(blockById[id]);
          seen |= fresh;
        }
      }
    }
    return uses.try_emplace(dre, std::move(info)).first->second;
  }

  Uniformity objectValue(const VarDecl *v) {
    if (auto it = aliasOf.find(v); it != aliasOf.end()) v = it->second;
    if (const auto *p = dyn_cast<ParmVarDecl>(v)) return paramValue(p->getFunctionScopeIndex());
    if (!isLocal(v)) return Uniformity{}; // globals, __shared__: uniform address
    return objects.lookup(v);
  }

  Uniformity varValue(const DeclRefExpr *dre, const VarDecl *v) {
    if (const auto *p = dyn_cast<ParmVarDecl>(v)) {
      // A parameter reassigned in the body is tracked like a local.
      return paramValue(p->getFunctionScopeIndex());
    }
    if (!isTracked(v)) return objectValue(v);
    Uniformity u;
    const UseInfo &info = useInfo(dre, v);
    for (unsigned d : info.defs) u.join(defValue[d]);
    for (const CFGBlock *b : info.sync) u.join(branchLevel.lookup(b));
    return u;
  }

  // Objects a pointer expression may point into (locals only).
  void pointeesOfExpr(const Expr *e, llvm::SmallPtrSetImpl<const VarDecl *> &out) {
    e = strip(e);
    if (!e) return;
    if (const auto *uo = dyn_cast<UnaryOperator>(e); uo && uo->getOpcode() == UO_AddrOf) {
      if (const VarDecl *v = storageVar(uo->getSubExpr()); v && isLocal(v)) out.insert(v);
      return;
    }
    if (const auto *dre = dyn_cast<DeclRefExpr>(e)) {
      if (const auto *v = dyn_cast<VarDecl>(dre->getDecl())) {
        if (v->getType()->isArrayType() && isLocal(v)) out.insert(v);
        if (auto it = pointees.find(v); it != pointees.end()) out.insert(it->second.begin(), it->second.end());
      }
      return;
    }
    if (const auto *bo = dyn_cast<BinaryOperator>(e); bo && bo->isAdditiveOp()) {
      pointeesOfExpr(bo->getLHS(), out);
      pointeesOfExpr(bo->getRHS(), out);
    } else if (const auto *co = dyn_cast<ConditionalOperator>(e)) {
      pointeesOfExpr(co->getTrueExpr(), out);
      pointeesOfExpr(co->getFalseExpr(), out);
    } else if (const auto *ce = dyn_cast<CastExpr>(e)) {
      pointeesOfExpr(ce->getSubExpr(), out);
    }
  }

  // The value loaded from an lvalue.
  Uniformity load(const Expr *lv) {
    lv = lv->IgnoreParens();
    // A call returning a reference (cuda::std::min's `const T &`): what the
    // callee's summary says of the reference it returns, which joins the
    // address and contents of the reference arguments it may return.
    if (const auto *call = dyn_cast<CallExpr>(lv)) return eval(call);
    // `c ? a : b` with two lvalue arms is an lvalue: the value of one of two
    // objects, picked by the condition.
    if (const auto *co = dyn_cast<ConditionalOperator>(lv)) {
      Uniformity u = eval(co->getCond());
      u.join(load(co->getTrueExpr()));
      u.join(load(co->getFalseExpr()));
      return u;
    }
    // `(item = atomicAdd(&next, 1)) < n`, `++i < n`: the value read is the
    // one just assigned.
    if (const auto *bo = dyn_cast<BinaryOperator>(lv); bo && (bo->isAssignmentOp() || bo->getOpcode() == BO_Comma))
      return eval(bo);
    if (const auto *uo = dyn_cast<UnaryOperator>(lv); uo && uo->isPrefix() && uo->isIncrementDecrementOp())
      return eval(uo);
    if (const auto *dre = dyn_cast<DeclRefExpr>(lv)) {
      if (const auto *v = dyn_cast<VarDecl>(dre->getDecl())) return varValue(dre, v);
      return Uniformity{};
    }
    if (const VarDecl *v = storageVar(lv); v && !isa<DeclRefExpr>(strip(lv))) {
      Uniformity u = objectValue(v);
      u.join(address(lv));
      return u;
    }
    // Through a pointer: as divergent as the address, plus local pointees.
    Uniformity u = address(lv);
    llvm::SmallPtrSet<const VarDecl *, 2> targets;
    if (const auto *ase = dyn_cast<ArraySubscriptExpr>(lv)) pointeesOfExpr(ase->getBase(), targets);
    else if (const auto *uo = dyn_cast<UnaryOperator>(lv); uo && uo->getOpcode() == UO_Deref)
      pointeesOfExpr(uo->getSubExpr(), targets);
    else if (const auto *me = dyn_cast<MemberExpr>(lv); me && me->isArrow())
      pointeesOfExpr(me->getBase(), targets);
    for (const VarDecl *t : targets) u.join(objectValue(t));
    return u;
  }

  // What an argument hands a constructor. An object passed by reference --
  // the copy or move that `P q = p;`, a struct passed by value and `return
  // t;` make, a constructor taking `const P &` -- gives its value as well as
  // its address: a copy of thread-dependent data is thread-dependent (the
  // implicit copy constructor of a plain struct has no body to summarise).
  Uniformity constructorArg(const Expr *a) {
    Uniformity u = eval(a);
    if (a->isGLValue() && a->getType()->isRecordType()) u.join(load(stripValueCasts(a)));
    return u;
  }

  // Whether a function is the CUDA toolkit's or another system header's
  // (cooperative_groups, libcu++): its classes' fields are not told apart
  // here, and a group's mask or rank would make every member call on it
  // look thread-dependent; GroupUniformity models the groups instead.
  bool inSystemHeader(const Decl *d) const {
    return d && program.ast().getSourceManager().isInSystemHeader(d->getLocation());
  }

  // An lvalue without the implicit casts that designate the same object: a
  // const view (`w.lane()` on a non-const `w`, `(const T &)x`), a base-class
  // subobject, an xvalue for a move.
  static const Expr *stripValueCasts(const Expr *lv) {
    lv = lv->IgnoreParens();
    while (const auto *ice = dyn_cast<ImplicitCastExpr>(lv)) {
      CastKind k = ice->getCastKind();
      if (k != CK_NoOp && k != CK_DerivedToBase && k != CK_UncheckedDerivedToBase) break;
      lv = ice->getSubExpr()->IgnoreParens();
    }
    return lv;
  }

  // The divergence of the address an lvalue designates.
  Uniformity address(const Expr *lv) {
    lv = lv->IgnoreParens();
    Uniformity u;
    if (const auto *ase = dyn_cast<ArraySubscriptExpr>(lv)) {
      u.join(eval(ase->getIdx()));
      const Expr *base = ase->getBase()->IgnoreParens();
      if (const auto *ice = dyn_cast<ImplicitCastExpr>(base); ice && ice->getCastKind() == CK_ArrayToPointerDecay)
        u.join(address(ice->getSubExpr()));
      else
        u.join(eval(base));
    } else if (const auto *me = dyn_cast<MemberExpr>(lv)) {
      u.join(me->isArrow() ? eval(me->getBase()) : address(me->getBase()));
    } else if (const auto *uo = dyn_cast<UnaryOperator>(lv); uo && uo->getOpcode() == UO_Deref) {
      u.join(eval(uo->getSubExpr()));
    } else if (const auto *dre = dyn_cast<DeclRefExpr>(lv)) {
      // A reference parameter or local bound to thread-dependent storage.
      if (const auto *v = dyn_cast<VarDecl>(dre->getDecl()); v && v->getType()->isReferenceType()) {
        if (const auto *p = dyn_cast<ParmVarDecl>(v)) u.join(paramValue(p->getFunctionScopeIndex()));
        else if (v->getInit() && !aliasOf.count(v)) u.join(address(v->getInit()));
      }
    } else if (const auto *co = dyn_cast<ConditionalOperator>(lv)) {
      u.join(eval(co->getCond())); // `&(c ? a : b)`: one of two objects
      u.join(address(co->getTrueExpr()));
      u.join(address(co->getFalseExpr()));
    } else if (!lv->isLValue()) {
      u.join(eval(lv));
    }
    return u;
  }

  bool isFullMask(const Expr *mask) const {
    Expr::EvalResult r;
    if (mask->isValueDependent() || !mask->EvaluateAsInt(r, program.ast())) return false;
    uint64_t full = fullWarpMask(program.options().warpSize);
    return (r.Val.getInt().getZExtValue() & full) == full;
  }

  // How a note names a divergent intrinsic result.
  static std::string describeSource(llvm::StringRef name) {
    if (name.consume_front("__nvvm_read_ptx_sreg_tid_")) return "threadIdx." + name.str();
    if (name.consume_front("__builtin_amdgcn_workitem_id_")) return "threadIdx." + name.str();
    if (name.starts_with("__nvvm_read_ptx_sreg_laneid") || name == "__lane_id") return "the lane id";
    return "the result of " + name.str();
  }

  Uniformity evalCall(const CallExpr *call) {
    llvm::StringRef name = calleeName(call);
    if (auto copied = memoryCopy(call, name)) return *copied;
    if (auto known = intrinsicResult(call, name)) {
      std::vector<Uniformity> args;
      for (unsigned i = 0; i < call->getNumArgs(); ++i) args.push_back(eval(call->getArg(i)));
      WarpCollective kind = warpCollectiveOf(name);
      unsigned first = 1; // the operands follow the mask...
      if (kind == WarpCollective::None) {
        kind = legacyWarpCollectiveOf(name);
        first = 0; // ...except in the non-sync forms (HIP's __shfl)
      }
      bool shuffle = kind == WarpCollective::Shfl || kind == WarpCollective::ShflUp ||
                     kind == WarpCollective::ShflDown || kind == WarpCollective::ShflXor;
      if (shuffle && args.size() >= first + 2) {
        // A shuffle hands each lane another lane's value: a value that is
        // uniform stays uniform; a broadcast from a warp-uniform lane is the
        // same for the whole warp. (Monotone in both operands.)
        Uniformity u = args[first];
        bool broadcast = kind == WarpCollective::Shfl && args[first + 1].level != Divergence::Thread;
        if (u.level == Divergence::Thread && broadcast) u.level = Divergence::Warp;
        else if (u.level == Divergence::Warp && !broadcast) u.level = Divergence::Thread;
        if (broadcast) u.join(args[first + 1]);
        if (u.level != Divergence::Uniform && !u.origin) u.origin = source(u.level, call->getBeginLoc(), describeSource(name)).origin;
        return u;
      }
      if (*known == Divergence::Uniform) return Uniformity{};
      // A vote or reduction over the full warp of a value that every warp
      // holds lane for lane (the lane id, shared memory read at [lane]) has
      // the same result in every warp.
      bool vote = kind == WarpCollective::Ballot || kind == WarpCollective::All || kind == WarpCollective::Any ||
                  kind == WarpCollective::Reduce || kind == WarpCollective::MatchAll;
      if (vote && first == 1 && args.size() >= 2 && isFullMask(call->getArg(0))) {
        if (args[1].warpIndependent) {
          Uniformity u = args[1];
          u.level = Divergence::Uniform;
          u.origin = nullptr;
          return u;
        }
        // Over a parameter: the caller's argument decides (see voteParams).
        if (args[1].level == Divergence::Uniform && args[1].params) {
          Uniformity u;
          u.voteParams = args[1].params | args[1].voteParams;
          return u;
        }
      }
      return source(*known, call->getBeginLoc(), describeSource(name),
                    name.starts_with("__nvvm_read_ptx_sreg_laneid") || name == "__lane_id");
    }
    const FunctionDecl *callee = call->getDirectCallee();
    if (auto copied = trivialAssignment(call, callee)) return *copied;
    const FunctionUniformity *summary = nullptr;
    if (callee && callee != fn) {
      if (const FunctionDecl *def = callee->getDefinition(); def && def->hasBody())
        summary = program.function(def);
    }
    std::vector<Uniformity> args = argValues(call, callee);
    if (!summary) {
      // Unknown callee: assume its result depends on its arguments only.
      Uniformity u;
      for (const Uniformity &a : args) u.join(a);
      return u;
    }
    applyStoresThroughArgs(call, callee, *summary, args);
    return instantiate(summary->returnValue(), args);
  }

  // memcpy/memmove into a local (`memcpy(&v, &x[threadIdx.x], sizeof v)`,
  // the portable unaligned load of quantised kernels): the destination holds
  // what the source pointed at. None for other calls.
  std::optional<Uniformity> memoryCopy(const CallExpr *call, llvm::StringRef name) {
    if (call->getNumArgs() < 2 ||
        !(name == "memcpy" || name == "__builtin_memcpy" || name == "memmove" || name == "__builtin_memmove"))
      return std::nullopt;
    const Expr *dst = call->getArg(0), *src = call->getArg(1);
    Uniformity value = eval(src); // through a pointer: as divergent as the address...
    llvm::SmallPtrSet<const VarDecl *, 2> from, to;
    pointeesOfExpr(src, from);
    for (const VarDecl *v : from) value.join(objectValue(v)); // ... plus local pointees
    value.join(controlAt(call));
    pointeesOfExpr(dst, to);
    for (const VarDecl *v : to) storeInto(v, value);
    storeThroughParamOf(dst, value);
    return eval(dst);
  }

  // `q = p;` between structs: the implicit (or defaulted) copy or move
  // assignment has no body to summarise; it stores the object's value into
  // the left side, like a scalar assignment. None for other calls.
  std::optional<Uniformity> trivialAssignment(const CallExpr *call, const FunctionDecl *callee) {
    const auto *op = dyn_cast<CXXOperatorCallExpr>(call);
    const auto *method = dyn_cast_or_null<CXXMethodDecl>(callee);
    if (!op || op->getOperator() != OO_Equal || op->getNumArgs() != 2 || !method ||
        !(method->isCopyAssignmentOperator() || method->isMoveAssignmentOperator()))
      return std::nullopt;
    if (const FunctionDecl *def = method->getDefinition(); def && def->hasBody() && !method->isTrivial())
      return std::nullopt; // a user's operator=: its summary says what it stores
    Uniformity value = constructorArg(op->getArg(1));
    store(op->getArg(0), value, call);
    return value;
  }

  // Argument values indexed like the callee's parameters; the implicit
  // object (for member calls) at kThisParam.
  std::vector<Uniformity> argValues(const CallExpr *call, const FunctionDecl *callee) {
    std::vector<Uniformity> out;
    const Expr *object = nullptr;
    unsigned first = 0;
    if (const auto *mc = dyn_cast<CXXMemberCallExpr>(call)) object = mc->getImplicitObjectArgument();
    else if (isa<CXXOperatorCallExpr>(call) && callee && isa<CXXMethodDecl>(callee) && call->getNumArgs()) {
      object = call->getArg(0);
      first = 1;
    }
    for (unsigned i = first; i < call->getNumArgs(); ++i) {
      const Expr *a = call->getArg(i);
      bool byRef = callee && i - first < callee->getNumParams() &&
                   callee->getParamDecl(i - first)->getType()->isReferenceType();
      out.push_back(byRef ? lvalueAsArg(a) : eval(a));
    }
    if (object) {
      out.resize(kThisParam + 1);
      // A const member function of the user's sees the object's value
      // through a const view of it (`w.lane()`).
      out[kThisParam] = lvalueAsArg(inSystemHeader(callee) ? object : stripValueCasts(object));
    }
    return out;
  }

  // A reference argument carries both its address and its contents.
  Uniformity lvalueAsArg(const Expr *a) {
    if (!a->isLValue()) return eval(a);
    Uniformity u = address(a);
    u.join(load(a));
    return u;
  }

  Uniformity instantiate(const Uniformity &summary, const std::vector<Uniformity> &args) {
    Uniformity u;
    u.level = summary.level;
    u.origin = summary.origin;
    u.warpIndependent = summary.warpIndependent;
    for (unsigned i = 0; i < 64; ++i) {
      uint64_t bit = uint64_t(1) << i;
      if ((summary.params & bit) && i < args.size()) u.join(args[i]); // default arguments: uniform
      if (!(summary.voteParams & bit) || i >= args.size()) continue;
      // A full-warp vote over this argument in the callee.
      const Uniformity &a = args[i];
      if (a.warpIndependent) continue;
      if (a.level == Divergence::Uniform && (a.params || a.voteParams)) {
        Uniformity pending;
        pending.voteParams = a.params | a.voteParams;
        u.join(pending);
      } else {
        Uniformity warp;
        warp.level = Divergence::Warp;
        warp.warpIndependent = false;
        warp.origin = a.origin;
        u.join(warp);
      }
    }
    return u;
  }

  void applyStoresThroughArgs(const CallExpr *call, const FunctionDecl *callee,
                              const FunctionUniformity &summary, const std::vector<Uniformity> &args) {
    unsigned first = isa<CXXOperatorCallExpr>(call) && isa<CXXMethodDecl>(callee) ? 1 : 0;
    for (unsigned i = first; i < call->getNumArgs(); ++i) {
      Uniformity stored = summary.storedThroughParam(i - first);
      if (stored.isUniform()) continue;
      Uniformity v = instantiate(stored, args);
      llvm::SmallPtrSet<const VarDecl *, 2> targets;
      if (const VarDecl *sv = storageVar(call->getArg(i)); sv && isLocal(sv)) targets.insert(sv);
      pointeesOfExpr(call->getArg(i), targets);
      for (const VarDecl *t : targets) storeInto(t, v);
      storeThroughParamOf(call->getArg(i), v);
    }
    if (const auto *mc = dyn_cast<CXXMemberCallExpr>(call)) {
      Uniformity stored = summary.storedThroughParam(kThisParam);
      if (!stored.isUniform())
        if (const VarDecl *sv = storageVar(mc->getImplicitObjectArgument()); sv && isLocal(sv))
          storeInto(sv, instantiate(stored, args));
    }
  }

  void storeInto(const VarDecl *v, const Uniformity &value) {
    if (auto it = aliasOf.find(v); it != aliasOf.end()) v = it->second;
    if (isa<ParmVarDecl>(v) || !isLocal(v)) return;
    if (objects[v].join(value)) changed = true;
  }

  // Records what this function stores through its own pointer/reference
  // parameters, for the summary its callers use.
  void storeThroughParamOf(const Expr *target, const Uniformity &value) {
    const Expr *e = strip(target);
    while (e) {
      if (const auto *dre = dyn_cast<DeclRefExpr>(e)) {
        const ValueDecl *d = dre->getDecl();
        if (const auto *v = dyn_cast<VarDecl>(d); v && aliasOf.count(v)) d = aliasOf.lookup(v);
        if (const auto *p = dyn_cast<ParmVarDecl>(d))
          if (p->getType()->isPointerType() || p->getType()->isReferenceType())
            if (storedThrough[p->getFunctionScopeIndex()].join(value)) changed = true;
        return;
      }
      if (isa<CXXThisExpr>(e)) {
        if (storedThrough[kThisParam].join(value)) changed = true;
        return;
      }
      bool deref = false; // the step reads a pointer's target
      if (const auto *me = dyn_cast<MemberExpr>(e)) e = strip(me->getBase()), deref = me->isArrow();
      else if (const auto *ase = dyn_cast<ArraySubscriptExpr>(e)) e = strip(ase->getBase()), deref = true;
      else if (const auto *uo = dyn_cast<UnaryOperator>(e); uo && (uo->getOpcode() == UO_Deref || uo->getOpcode() == UO_AddrOf))
        deref = uo->getOpcode() == UO_Deref, e = strip(uo->getSubExpr());
      else if (const auto *bo = dyn_cast<BinaryOperator>(e); bo && bo->isAdditiveOp())
        e = strip(bo->getLHS()->getType()->isPointerType() ? bo->getLHS() : bo->getRHS());
      else return;
      // Through a pointer held in a field (`this->out[i] = v`): the store
      // is to the memory it points to, not to the object, and values stored
      // to memory are not tracked (a load is as divergent as its address).
      // The object the caller passed keeps its fields (a CUB-style agent
      // writing its output through a member pointer).
      if (const auto *me = dyn_cast<MemberExpr>(e); deref && me && me->getType()->isPointerType()) return;
    }
  }

  // The field of `this` that `s` assigns with a plain `=`, or null.
  static const ValueDecl *assignedThisField(const Stmt *s) {
    const auto *bo = dyn_cast<BinaryOperator>(s);
    if (!bo || bo->getOpcode() != BO_Assign) return nullptr;
    const auto *me = dyn_cast<MemberExpr>(strip(bo->getLHS()));
    if (!me || !isa<CXXThisExpr>(strip(me->getBase()))) return nullptr;
    return me->getMemberDecl();
  }

  // `this->f = a; ...; this->f = b;` with the second on every path from the
  // first to the exit: the caller's object never holds `a` (a field set per
  // thread and then overwritten with `__syncthreads_and(f)`, CUB's
  // radix-sort agent).
  bool overwrittenLater(const Stmt *at) const {
    const ValueDecl *f = assignedThisField(at);
    auto first = where.find(at);
    if (!f || first == where.end()) return false;
    for (const Stmt *other : fieldAssigns.lookup(f)) {
      auto later = where.find(other);
      if (other == at || later == where.end()) continue;
      const Position &p = first->second, &q = later->second;
      if (p.block == q.block ? q.index > p.index : postDom->dominates(q.block, p.block)) return true;
    }
    return false;
  }

  // A store `lhs = value` to something other than a tracked scalar.
  void store(const Expr *lhs, Uniformity value, const Stmt *at) {
    value.join(address(lhs));
    value.join(controlAt(at)); // weak updates: which threads store matters
    llvm::SmallPtrSet<const VarDecl *, 2> targets;
    if (const VarDecl *v = storageVar(lhs); v && (isLocal(v) || isa<ParmVarDecl>(v))) targets.insert(v);
    if (const auto *ase = dyn_cast<ArraySubscriptExpr>(lhs->IgnoreParens())) pointeesOfExpr(ase->getBase(), targets);
    if (const auto *uo = dyn_cast<UnaryOperator>(lhs->IgnoreParens()); uo && uo->getOpcode() == UO_Deref)
      pointeesOfExpr(uo->getSubExpr(), targets);
    if (const auto *me = dyn_cast<MemberExpr>(lhs->IgnoreParens()); me && me->isArrow())
      pointeesOfExpr(me->getBase(), targets);
    for (const VarDecl *t : targets) storeInto(t, value);
    if (!overwrittenLater(at)) storeThroughParamOf(lhs, value);
  }

  Uniformity controlAt(const Stmt *s) {
    Uniformity u;
    auto pos = where.find(s);
    if (pos == where.end()) return u;
    for (unsigned id : controlDepsOf(pos->second.block)) u.join(branchLevel.lookup(blockById[id]));
    return u;
  }

  Uniformity eval(const Expr *e) {
    if (!e) return Uniformity{};
    e = e->IgnoreParens();
    if (auto ref = builtinVarRef(e); ref.var != BuiltinVar::None) {
      // threadIdx.y/z: one value per warp when blockDim.x is a multiple of
      // the warp size (assumed, like the lane model does).
      if (ref.var == BuiltinVar::ThreadIdx)
        return source(ref.dim == 'x' ? Divergence::Thread : Divergence::Warp, e->getBeginLoc(),
                      std::string("threadIdx.") + ref.dim);
      return Uniformity{};
    }
    if (const auto *ice = dyn_cast<ImplicitCastExpr>(e)) {
      if (ice->getCastKind() == CK_LValueToRValue) return load(ice->getSubExpr());
      if (ice->getCastKind() == CK_ArrayToPointerDecay) return address(ice->getSubExpr());
      return eval(ice->getSubExpr());
    }
    if (const auto *call = dyn_cast<CallExpr>(e)) return evalCall(call);
    if (const auto *bo = dyn_cast<BinaryOperator>(e)) {
      if (bo->isAssignmentOp()) {
        Uniformity v = eval(bo->getRHS());
        if (bo->isCompoundAssignmentOp()) v.join(load(bo->getLHS()));
        if (!trackedRef(bo->getLHS())) store(bo->getLHS(), v, bo);
        return v;
      }
      if (bo->getOpcode() == BO_Comma) {
        eval(bo->getLHS());
        return eval(bo->getRHS());
      }
      Uniformity u = eval(bo->getLHS());
      u.join(eval(bo->getRHS()));
      if (bo->isComparisonOp() && u.level != Divergence::Uniform) {
        if (auto cancelled = cancelledComparison(bo)) return *cancelled;
        if (auto strided = blockStrideComparison(bo)) return *strided;
      }
      return warpUniformPattern(bo, u);
    }
    if (const auto *uo = dyn_cast<UnaryOperator>(e)) {
      if (uo->getOpcode() == UO_AddrOf) return address(uo->getSubExpr());
      if (uo->getOpcode() == UO_Deref) return load(uo);
      Uniformity u = uo->isIncrementDecrementOp() ? load(uo->getSubExpr()) : eval(uo->getSubExpr());
      if (uo->isIncrementDecrementOp() && !trackedRef(uo->getSubExpr())) store(uo->getSubExpr(), u, uo);
      return u;
    }
    if (const auto *co = dyn_cast<AbstractConditionalOperator>(e)) {
      Uniformity u = eval(co->getCond());
      u.join(eval(co->getTrueExpr()));
      u.join(eval(co->getFalseExpr()));
      return u;
    }
    if (isa<ArraySubscriptExpr, MemberExpr, DeclRefExpr>(e)) {
      if (const auto *dre = dyn_cast<DeclRefExpr>(e); dre && !isa<VarDecl>(dre->getDecl()))
        return Uniformity{}; // enumerators, functions
      return e->isLValue() ? address(e) : load(e);
    }
    if (isa<CXXThisExpr>(e)) return paramValue(kThisParam);
    if (const auto *ce = dyn_cast<CXXConstructExpr>(e)) {
      Uniformity u;
      for (const Expr *a : ce->arguments()) u.join(constructorArg(a));
      const CXXConstructorDecl *ctor = ce->getConstructor();
      if (const FunctionDecl *def = ctor->getDefinition(); def && def->hasBody() && def != fn)
        if (const FunctionUniformity *s = program.function(def)) {
          std::vector<Uniformity> args;
          for (const Expr *a : ce->arguments()) args.push_back(constructorArg(a));
          u.join(instantiate(s->storedThroughParam(kThisParam), args));
        }
      return u;
    }
    if (const auto *ile = dyn_cast<InitListExpr>(e)) {
      Uniformity u;
      for (const Expr *i : ile->inits()) u.join(eval(i));
      return u;
    }
    if (const auto *pse = dyn_cast<PseudoObjectExpr>(e)) return eval(pse->getResultExpr());
    if (const auto *ewc = dyn_cast<ExprWithCleanups>(e)) return eval(ewc->getSubExpr());
    if (const auto *mte = dyn_cast<MaterializeTemporaryExpr>(e)) return eval(mte->getSubExpr());
    if (const auto *bte = dyn_cast<CXXBindTemporaryExpr>(e)) return eval(bte->getSubExpr());
    if (const auto *dae = dyn_cast<CXXDefaultArgExpr>(e)) return eval(dae->getExpr());
    if (const auto *die = dyn_cast<CXXDefaultInitExpr>(e)) return eval(die->getExpr());
    if (const auto *ce = dyn_cast<CastExpr>(e)) return eval(ce->getSubExpr());
    if (isa<StmtExpr, LambdaExpr>(e)) return Uniformity{};
    // Literals, sizeof, and anything else without operands of interest.
    Uniformity u;
    for (const Stmt *child : e->children())
      if (const auto *ce = dyn_cast_or_null<Expr>(child)) u.join(eval(ce));
    return u;
  }

  // `t < end + tid` where t = base + tid (+= uniform steps): the same
  // thread-dependent addend on both sides cancels, and the comparison is as
  // divergent as what remains (loops that start and stop at the thread's
  // offset run the same number of times in every thread). The split is
  // structural, so the result is monotone in the fixpoint.
  std::optional<Uniformity> cancelledComparison(const BinaryOperator *bo) {
    std::vector<Addend> addends;
    llvm::SmallPtrSet<const VarDecl *, 4> visiting;
    Uniformity extra;
    if (!collectAddends(bo->getLHS(), +1, addends, visiting, extra, 0) ||
        !collectAddends(bo->getRHS(), -1, addends, visiting, extra, 0))
      return std::nullopt;
    bool cancelled = false;
    for (size_t i = 0; i < addends.size(); ++i)
      for (size_t j = i + 1; j < addends.size() && addends[i].expr; ++j)
        if (addends[j].expr && addends[i].sign != addends[j].sign && sameTerm(addends[i].expr, addends[j].expr)) {
          addends[i].expr = addends[j].expr = nullptr;
          cancelled = true;
        }
    if (!cancelled) return std::nullopt;
    Uniformity u = extra;
    for (const Addend &a : addends)
      if (a.expr) u.join(rvalue(a.expr));
    return u;
  }

  // `i < padded` where i starts at threadIdx.x and only steps by
  // blockDim.x, and padded is k * blockDim.x: thread t runs while
  // t + j*blockDim.x < k*blockDim.x, i.e. for j < k whatever t is
  // (0 <= t < blockDim.x). The trip count is k in every thread.
  std::optional<Uniformity> blockStrideComparison(const BinaryOperator *bo) {
    const Expr *var = bo->getLHS(), *bound = bo->getRHS();
    if (bo->getOpcode() == BO_GT) std::swap(var, bound);
    else if (bo->getOpcode() != BO_LT) return std::nullopt;
    const auto *dre = dyn_cast<DeclRefExpr>(strip(var));
    const auto *v = dre ? dyn_cast<VarDecl>(dre->getDecl()) : nullptr;
    if (!v || !isTracked(v) || !isBlockMultiple(bound, 0)) return std::nullopt;
    bool sawInit = false;
    for (unsigned d : defsOf[v]) {
      const Def &def = defs[d];
      if (!def.compound) {
        if (sawInit || !def.value || !isBuiltinX(def.value, BuiltinVar::ThreadIdx, 0)) return std::nullopt;
        sawInit = true;
        continue;
      }
      const auto *ca = dyn_cast<CompoundAssignOperator>(def.stmt);
      if (!ca || ca->getOpcode() != BO_AddAssign || !isBuiltinX(ca->getRHS(), BuiltinVar::BlockDim, 0))
        return std::nullopt;
    }
    if (!sawInit) return std::nullopt;
    Uniformity u = rvalue(strip(bound));
    if (u.level != Divergence::Uniform) return std::nullopt;
    // Which definition of i the use sees may itself be decided by a branch.
    for (const CFGBlock *b : useInfo(dre, v).sync) u.join(branchLevel.lookup(b));
    return u;
  }

  // The arguments of the helper calls an expression is being looked
  // through: a parameter of the helper stands for its argument, which is
  // an expression of the caller (looked at with the caller's bindings).
  struct HelperArgs {
    const FunctionDecl *callee;
    const CallExpr *call;
    const HelperArgs *caller;
  };

  // `e` without parentheses and casts that keep an integer's value: implicit
  // ones, and explicit ones to an integer type (`(int)blockDim.x`: blockDim.x
  // is at most 1024, so any integer type holds it).
  static const Expr *throughIntCasts(const Expr *e) {
    for (int i = 0; e && i < 8; ++i) {
      e = strip(e);
      const auto *ce = dyn_cast<ExplicitCastExpr>(e);
      if (!ce || !ce->getType()->isIntegerType()) break;
      e = ce->getSubExpr();
    }
    return e;
  }

  // What a name in `e` stands for: a local of this function defined once
  // (its value), or a parameter of a helper being looked through (its
  // argument, with the caller's bindings). Null when neither.
  const Expr *boundValue(const Expr *e, const HelperArgs *&args) {
    const auto *dre = dyn_cast<DeclRefExpr>(e);
    if (!dre) return nullptr;
    if (const auto *p = dyn_cast<ParmVarDecl>(dre->getDecl()); p && args) {
      unsigned i = p->getFunctionScopeIndex();
      if (p->getDeclContext() != args->callee || i >= args->call->getNumArgs()) return nullptr;
      const Expr *arg = args->call->getArg(i);
      args = args->caller;
      return arg;
    }
    const auto *v = dyn_cast<VarDecl>(dre->getDecl());
    if (args || !v || !isTracked(v) || defsOf[v].size() != 1) return nullptr;
    const Def &d = defs[defsOf[v][0]];
    return d.compound ? nullptr : d.value;
  }

  // The helper a call runs when its body is one `return` of an expression
  // (`roundUp(x, m)`): that expression, looked at with the call's arguments.
  static const Expr *singleReturn(const CallExpr *call, const FunctionDecl *&callee) {
    callee = call->getDirectCallee();
    const FunctionDecl *def = nullptr;
    if (!callee || !callee->hasBody(def)) return nullptr;
    callee = def;
    const auto *body = dyn_cast_or_null<CompoundStmt>(def->getBody());
    if (!body || body->size() != 1) return nullptr;
    const auto *ret = dyn_cast<ReturnStmt>(body->body_front());
    return ret ? ret->getRetValue() : nullptr;
  }

  // blockDim.x (threadIdx.x for `var`), through integer casts, locals
  // defined once and helper parameters.
  bool isBuiltinX(const Expr *e, BuiltinVar var, int depth, const HelperArgs *args = nullptr) {
    e = throughIntCasts(e);
    if (!e || depth > 8) return false;
    if (auto ref = builtinVarRef(e); ref.var != BuiltinVar::None) return ref.var == var && ref.dim == 'x';
    const Expr *value = boundValue(e, args);
    return value && isBuiltinX(value, var, depth + 1, args);
  }

  // k * blockDim.x (or a sum of such), looking through integer casts, locals
  // defined once and helpers that return one expression
  // (`(len + bs - 1) / bs * bs` with bs = blockDim.x, `roundUp(len,
  // blockDim.x)`).
  bool isBlockMultiple(const Expr *e, int depth, const HelperArgs *args = nullptr) {
    e = throughIntCasts(e);
    if (!e || depth > 8) return false;
    if (isBuiltinX(e, BuiltinVar::BlockDim, depth, args)) return true;
    if (const Expr *value = boundValue(e, args)) return isBlockMultiple(value, depth + 1, args);
    if (const auto *bo = dyn_cast<BinaryOperator>(e)) {
      if (bo->getOpcode() == BO_Mul)
        return isBlockMultiple(bo->getLHS(), depth + 1, args) || isBlockMultiple(bo->getRHS(), depth + 1, args);
      if (bo->getOpcode() == BO_Add || bo->getOpcode() == BO_Sub)
        return isBlockMultiple(bo->getLHS(), depth + 1, args) && isBlockMultiple(bo->getRHS(), depth + 1, args);
    }
    if (const auto *call = dyn_cast<CallExpr>(e)) {
      const FunctionDecl *callee = nullptr;
      if (const Expr *body = singleReturn(call, callee)) {
        HelperArgs inner{callee, call, args};
        return isBlockMultiple(body, depth + 1, &inner);
      }
    }
    return false;
  }

  // The value of an expression that was stripped of its lvalue-to-rvalue
  // conversion.
  Uniformity rvalue(const Expr *e) { return e->isLValue() ? load(e) : eval(e); }

  struct Addend {
    const Expr *expr;
    int sign;
  };

  // Flattens sums and differences, and induction variables (one initial
  // value, then only += / -= / ++ / -- steps) into their initial value's
  // addends plus their steps. `extra` collects what decides which
  // definition a use sees (sync dependence).
  bool collectAddends(const Expr *e, int sign, std::vector<Addend> &out,
                      llvm::SmallPtrSetImpl<const VarDecl *> &visiting, Uniformity &extra, int depth) {
    e = strip(e);
    if (!e || depth > 8 || out.size() > 32) return false;
    if (const auto *bo = dyn_cast<BinaryOperator>(e)) {
      if (bo->getOpcode() == BO_Add)
        return collectAddends(bo->getLHS(), sign, out, visiting, extra, depth + 1) &&
               collectAddends(bo->getRHS(), sign, out, visiting, extra, depth + 1);
      if (bo->getOpcode() == BO_Sub)
        return collectAddends(bo->getLHS(), sign, out, visiting, extra, depth + 1) &&
               collectAddends(bo->getRHS(), -sign, out, visiting, extra, depth + 1);
    }
    if (const auto *dre = dyn_cast<DeclRefExpr>(e)) {
      const auto *v = dyn_cast<VarDecl>(dre->getDecl());
      if (v && isTracked(v) && defsOf[v].size() > 1 && !visiting.count(v)) {
        const Induction &ind = inductionOf(v);
        if (ind.init) {
          visiting.insert(v);
          // Which definition the use sees may itself be decided by a branch.
          const UseInfo &info = useInfo(dre, v);
          for (const CFGBlock *b : info.sync) extra.join(branchLevel.lookup(b));
          for (const Addend &step : ind.steps) out.push_back({step.expr, step.sign * sign});
          return collectAddends(ind.init, sign, out, visiting, extra, depth + 1);
        }
      }
    }
    out.push_back({e, sign});
    return true;
  }

  // A local defined once and then only stepped by += / -= (or ++/--): its
  // initial value and its steps (signs for a positive use). Syntactic, so
  // computed once per variable: a variable assigned all over a long kernel
  // has as many definitions as the kernel has lines, and every comparison
  // that uses it would scan them all.
  struct Induction {
    const Expr *init = nullptr; // null when v is not such a variable
    std::vector<Addend> steps;
  };
  llvm::DenseMap<const VarDecl *, std::unique_ptr<Induction>> inductions;
  const Induction &inductionOf(const VarDecl *v) {
    std::unique_ptr<Induction> &slot = inductions[v];
    if (slot) return *slot;
    slot = std::make_unique<Induction>();
    const Expr *init = nullptr;
    bool induction = true;
    for (unsigned d : defsOf[v]) {
      const Def &def = defs[d];
      if (!def.compound) {
        induction &= !init && def.value;
        init = def.value;
      } else if (const auto *ca = dyn_cast<CompoundAssignOperator>(def.stmt)) {
        induction &= ca->getOpcode() == BO_AddAssign || ca->getOpcode() == BO_SubAssign;
        slot->steps.push_back({ca->getRHS(), ca->getOpcode() == BO_AddAssign ? 1 : -1});
      } else {
        induction &= isa<UnaryOperator>(def.stmt);
      }
      if (!induction) break;
    }
    if (induction && init) slot->init = init;
    else slot->steps.clear();
    return *slot;
  }

  // Two thread-dependent addends are the same value: the same expression,
  // looking through locals defined once.
  bool sameTerm(const Expr *a, const Expr *b) {
    auto resolve = [&](const Expr *e) {
      for (int i = 0; i < 4; ++i) {
        const auto *dre = dyn_cast<DeclRefExpr>(strip(e));
        const auto *v = dre ? dyn_cast<VarDecl>(dre->getDecl()) : nullptr;
        if (!v || !isTracked(v) || defsOf[v].size() != 1 || defs[defsOf[v][0]].compound || !defs[defsOf[v][0]].value)
          break;
        e = defs[defsOf[v][0]].value;
      }
      return strip(e);
    };
    llvm::FoldingSetNodeID ia, ib;
    resolve(a)->Profile(ia, program.ast(), true);
    resolve(b)->Profile(ib, program.ast(), true);
    return ia == ib;
  }

  // Values that are thread-dependent only across warps: the linear thread
  // id divided by (a multiple of) the warp size, or with the lane bits
  // masked off. Assumes blockDim.x is a multiple of warpSize.
  Uniformity warpUniformPattern(const BinaryOperator *bo, Uniformity u) {
    if (u.level != Divergence::Thread || !isLaneLinear(bo->getLHS())) return u;
    Expr::EvalResult r;
    if (!bo->getRHS()->EvaluateAsInt(r, program.ast())) return u;
    int64_t c = r.Val.getInt().getExtValue();
    unsigned ws = program.options().warpSize;
    bool warpLevel = (bo->getOpcode() == BO_Div && c > 0 && c % ws == 0) ||
                     (bo->getOpcode() == BO_Shr && c >= 0 && (int64_t(1) << std::min<int64_t>(c, 62)) % ws == 0) ||
                     (bo->getOpcode() == BO_And && (c & int64_t(ws - 1)) == 0);
    // `tid < 64` with tid = 32 * threadIdx.y + threadIdx.x: a bound on a
    // warp boundary keeps or drops whole warps (fattn-vec's `tid < D`).
    int64_t edge = bo->getOpcode() == BO_LE || bo->getOpcode() == BO_GT ? c + 1 : c;
    warpLevel |= bo->isRelationalOp() && edge % int64_t(ws) == 0;
    if (warpLevel) u.level = Divergence::Warp;
    // The lane id (x % 32, x & 31) is the same function of the lane in
    // every warp.
    bool laneOnly = (bo->getOpcode() == BO_Rem && c > 0 && ws % c == 0) ||
                    (bo->getOpcode() == BO_And && c >= 0 && c < int64_t(ws));
    if (laneOnly) u.warpIndependent = true; // the right side is a constant
    return u;
  }

  // threadIdx.x plus terms that are multiples of the warp size (under the
  // assumption that blockDim.x is).
  bool isLaneLinear(const Expr *e, int depth = 0) {
    e = strip(e);
    if (!e || depth > 8) return false;
    if (auto ref = builtinVarRef(e); ref.var == BuiltinVar::ThreadIdx) return ref.dim == 'x';
    if (const auto *dre = dyn_cast<DeclRefExpr>(e)) {
      const auto *v = dyn_cast<VarDecl>(dre->getDecl());
      if (!v || !isTracked(v) || defsOf[v].size() != 1) return false;
      const Def &d = defs[defsOf[v][0]];
      return !d.compound && d.value && isLaneLinear(d.value, depth + 1);
    }
    if (const auto *bo = dyn_cast<BinaryOperator>(e)) {
      if (bo->getOpcode() == BO_Add)
        return (isLaneLinear(bo->getLHS(), depth + 1) && isWarpMultiple(bo->getRHS())) ||
               (isLaneLinear(bo->getRHS(), depth + 1) && isWarpMultiple(bo->getLHS()));
      if (bo->getOpcode() == BO_Sub)
        return isLaneLinear(bo->getLHS(), depth + 1) && isWarpMultiple(bo->getRHS());
    }
    return false;
  }

  bool isWarpMultiple(const Expr *e) {
    e = strip(e);
    Expr::EvalResult r;
    if (e->EvaluateAsInt(r, program.ast())) return r.Val.getInt().getExtValue() % program.options().warpSize == 0;
    if (auto ref = builtinVarRef(e); ref.var == BuiltinVar::BlockDim) return ref.dim == 'x';
    if (const auto *bo = dyn_cast<BinaryOperator>(e); bo && bo->getOpcode() == BO_Mul)
      return isWarpMultiple(bo->getLHS()) || isWarpMultiple(bo->getRHS());
    return false;
  }

  // ---- the fixpoint -------------------------------------------------------

  void run() {
    for (unsigned iter = 0; iter < 32 && !program.expired(); ++iter) {
      changed = false;
      for (unsigned d = 0; d < defs.size(); ++d) {
        if (!live.test(defs[d].at.block->getBlockID())) continue;
        Uniformity v;
        if (defs[d].value) v = eval(defs[d].value);
        if (defs[d].compound) {
          // The old value: the definitions reaching this one.
          if (const auto *uo = dyn_cast<UnaryOperator>(defs[d].stmt)) v.join(eval(uo->getSubExpr()));
          else if (const auto *bo = dyn_cast<BinaryOperator>(defs[d].stmt)) v.join(eval(bo->getLHS()));
        }
        if (defValue[d].join(v)) changed = true;
      }
      for (const CFGBlock *b : *cfg) {
        if (!live.test(b->getBlockID())) continue;
        for (const CFGElement &el : *b) {
          if (auto cs = el.getAs<CFGStmt>()) visitEffects(cs->getStmt());
          else if (auto ci = el.getAs<CFGInitializer>()) initializeMember(ci->getInitializer());
        }
        if (const Stmt *cond = b->getTerminatorCondition(/*StripParens=*/false))
          if (const auto *ce = dyn_cast<Expr>(cond))
            if (branchLevel[b].join(eval(ce))) changed = true;
        if (const auto *sw = dyn_cast_or_null<SwitchStmt>(b->getTerminatorStmt()))
          if (branchLevel[b].join(eval(sw->getCond()))) changed = true;
      }
      if (!changed) break;
    }
  }

  // A constructor's member (or base) initializer: a store through `this`,
  // for the summary that constructions of the class use (eval of a
  // CXXConstructExpr): `Ctx() : tid(threadIdx.x) {}` makes every Ctx
  // thread-dependent.
  void initializeMember(const CXXCtorInitializer *init) {
    if (!init || !init->getInit() || !(init->isAnyMemberInitializer() || init->isBaseInitializer())) return;
    if (inSystemHeader(fn)) return; // see inSystemHeader()
    if (storedThrough[kThisParam].join(eval(init->getInit()))) changed = true;
  }

  // Statements whose effects matter beyond their value: stores into
  // objects, returns, calls with out-parameters.
  void visitEffects(const Stmt *s) {
    if (const auto *rs = dyn_cast<ReturnStmt>(s)) {
      Uniformity v = rs->getRetValue() ? eval(rs->getRetValue()) : Uniformity{};
      v.join(controlAt(rs));
      if (returnValue.join(v)) changed = true;
      return;
    }
    if (const auto *bo = dyn_cast<BinaryOperator>(s); bo && bo->isAssignmentOp() && !trackedRef(bo->getLHS())) {
      eval(bo);
      return;
    }
    if (const auto *uo = dyn_cast<UnaryOperator>(s); uo && uo->isIncrementDecrementOp()) {
      eval(uo);
      return;
    }
    if (const auto *call = dyn_cast<CallExpr>(s)) {
      eval(call);
      return;
    }
    if (const auto *ds = dyn_cast<DeclStmt>(s)) {
      for (const Decl *d : ds->decls())
        if (const auto *v = dyn_cast<VarDecl>(d); v && isLocal(v) && !isTracked(v) && v->getInit() &&
                                                   !aliasOf.count(v)) {
          if (v->getType()->isReferenceType()) {
            // Bound to storage that is not a local (`float &r = pick(x);`,
            // `auto &mine = s[threadIdx.x];`): reading it reads there.
            storeInto(v, lvalueAsArg(v->getInit()));
            continue;
          }
          Uniformity u = eval(v->getInit());
          if (v->getType()->isPointerType()) pointeesOfExpr(v->getInit(), pointees[v]);
          storeInto(v, u);
        }
        else if (v && isTracked(v) && v->getType()->isPointerType() && v->getInit()) {
          size_t before = pointees[v].size();
          pointeesOfExpr(v->getInit(), pointees[v]);
          if (pointees[v].size() != before) changed = true;
        }
    }
  }
};

FunctionUniformity::FunctionUniformity(ProgramUniformity &program, const FunctionDecl *fn)
    : program_(program), fn_(fn) {}

void FunctionUniformity::compute() const {
  state_ = kRunning;
  ProgramUniformity::Running running(program_, fn_);
  auto *self = const_cast<FunctionUniformity *>(this);
  impl_ = std::make_unique<Impl>(*self, program_, fn_);
  if (!impl_->build()) {
    impl_.reset();
  } else {
    impl_->defValue.assign(impl_->defs.size(), Uniformity{});
    impl_->run();
    returnValue_ = impl_->returnValue;
  }
  // An analysis the running function's budget cut short serves the step
  // that asked (its rule is then not completed on that function) but is not
  // kept: ProgramUniformity::function hands out a new one next time.
  cutShort_ = AnalysisBudget::functionExpired();
  state_ = kDone;
}

FunctionUniformity::~FunctionUniformity() = default;

bool FunctionUniformity::isKernel() const { return fn_->hasAttr<CUDAGlobalAttr>(); }

Uniformity FunctionUniformity::valueOf(const Expr *e) const {
  ready();
  if (!impl_) return Uniformity{Divergence::Thread};
  return impl_->eval(e);
}

Uniformity FunctionUniformity::storedThroughParam(unsigned i) const {
  ready();
  if (!impl_) return Uniformity{};
  auto it = impl_->storedThrough.find(i);
  return it == impl_->storedThrough.end() ? Uniformity{} : it->second;
}

std::vector<Guard> FunctionUniformity::guards(const Stmt *s, bool withExits) const {
  std::vector<Guard> out;
  ready();
  if (!impl_) return out;
  auto pos = impl_->where.find(s);
  if (pos == impl_->where.end()) return out;
  const CFGBlock *target = pos->second.block;
  // The guards in block order (ascending ids, as the CFG lists them),
  // without a walk over every block per statement.
  for (unsigned depId : impl_->controlDepsOf(target)) {
    const CFGBlock *b = impl_->blockById[depId];
    if (!b) continue;
    bool exits = impl_->exitsOnOtherSide(b, target);
    if (exits && !withExits) continue;
    Guard g;
    g.exits = exits;
    g.branch = b->getTerminatorStmt();
    g.condition = dyn_cast_or_null<Expr>(b->getTerminatorCondition(false));
    if (const auto *sw = dyn_cast_or_null<SwitchStmt>(g.branch)) g.condition = sw->getCond();
    g.level = impl_->branchLevel.lookup(b);
    // Which side leads to the statement: the one from which it can be
    // reached without coming back to the branch (in a loop, both sides
    // reach it, the other one only through the next iteration's branch).
    // A statement of the branch's own block (a loop condition that depends
    // on itself) is reached around the loop.
    int sides = 0;
    unsigned i = 0;
    for (const CFGBlock *succ : b->succs()) {
      if (succ && (target == b ? impl_->reachableFrom(succ).test(target->getBlockID())
                               : impl_->reachesAvoiding(succ, target, b))) {
        sides |= 1 << std::min(i, 1u);
        if (const auto *cs = dyn_cast_or_null<CaseStmt>(succ->getLabel())) g.caseValue = cs->getLHS();
      }
      ++i;
    }
    g.taken = sides != 2; // first successor is the true side
    g.bothSides = sides == 3;
    out.push_back(g);
  }
  return out;
}

Uniformity FunctionUniformity::controlDivergence(const Stmt *s) const {
  Uniformity u;
  for (const Guard &g : guards(s)) u.join(g.level);
  return u;
}

} // namespace warpcheck

namespace warpcheck {

using namespace clang;

const std::vector<FunctionUniformity::BarrierPoint> &FunctionUniformity::barrierPoints() const {
  barrierControl();
  return barrierPoints_;
}

Uniformity FunctionUniformity::instantiate(const Uniformity &calleeValue, const CallExpr *call) const {
  ready();
  if (!impl_) return Uniformity{Divergence::Thread};
  return impl_->instantiate(calleeValue, impl_->argValues(call, call->getDirectCallee()));
}

Uniformity FunctionUniformity::calleeBarrierControl(const CallExpr *call) const {
  const FunctionDecl *callee = call->getDirectCallee();
  if (!callee) return Uniformity{};
  const FunctionDecl *def = callee->getDefinition();
  if (!def || def == fn_) return Uniformity{};
  const FunctionUniformity *summary = program_.function(def);
  if (!summary) return Uniformity{};
  return instantiate(summary->barrierControl(), call);
}

const Uniformity &FunctionUniformity::barrierControl() const {
  ready();
  if (barrierState_ != 0 || !impl_) return barrierControl_;
  barrierState_ = 1;
  for (const CFGBlock *b : *impl_->cfg)
    for (const CFGElement &el : *b) {
      auto cs = el.getAs<CFGStmt>();
      if (!cs || !impl_->live.test(b->getBlockID())) continue;
      const Stmt *s = cs->getStmt();
      if (isBlockBarrierAsm(s)) {
        barrierPoints_.push_back({s, nullptr});
        continue;
      }
      const auto *call = dyn_cast<CallExpr>(s);
      if (!call) continue;
      if (isBlockBarrierName(calleeName(call))) {
        barrierPoints_.push_back({s, nullptr});
      } else if (const FunctionDecl *callee = call->getDirectCallee()) {
        if (const FunctionDecl *def = callee->getDefinition(); def && def != fn_ && program_.mayExecuteBlockBarrier(def))
          barrierPoints_.push_back({s, def});
      }
    }
  for (const BarrierPoint &p : barrierPoints_) {
    barrierControl_.join(controlDivergence(p.stmt));
    if (p.callee) barrierControl_.join(calleeBarrierControl(cast<CallExpr>(p.stmt)));
  }
  barrierState_ = 2;
  return barrierControl_;
}

} // namespace warpcheck

namespace warpcheck {

const clang::Expr *FunctionUniformity::singleDefinition(const clang::VarDecl *v) const {
  ready();
  if (!impl_ || !impl_->isTracked(v)) return nullptr;
  auto it = impl_->defsOf.find(v);
  if (it == impl_->defsOf.end() || it->second.size() != 1) return nullptr;
  const Impl::Def &d = impl_->defs[it->second[0]];
  return d.compound ? nullptr : d.value;
}

std::optional<std::vector<FunctionUniformity::Definition>>
FunctionUniformity::reachingDefinitions(const clang::DeclRefExpr *use) const {
  const auto *v = clang::dyn_cast<clang::VarDecl>(use->getDecl());
  ready();
  if (!impl_ || !v || !impl_->isTracked(v)) return std::nullopt;
  std::vector<Definition> out;
  for (unsigned d : impl_->useInfo(use, v).defs)
    out.push_back(Definition{impl_->defs[d].stmt, impl_->defs[d].value, impl_->defs[d].compound});
  return out;
}

} // namespace warpcheck
