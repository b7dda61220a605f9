// The path-sensitive analysis of asynchronous copies (see AsyncCopyPaths.h).
#include "analyzer/analyses/AsyncCopyExplorer.h"
#include "analyzer/analyses/AsyncCopyFindingSites.h"
#include "analyzer/analyses/AsyncCopyInFlight.h"
#include "rules/RuleIds.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>

namespace warpcheck {

const char *const kReadBeforeWaitRule = rule::AsyncCopyReadBeforeWait.id;
const char *const kPipelineProtocolRule = rule::PipelineProtocol.id;

namespace asynccopy {

void hashRegion(StateHash &h, const std::optional<Region> &r) {
  h.add(r.has_value());
  if (r) r->hashInto(h);
}

// The hash of the call stack: the top frame's own, over the hash of the
// frames below it (Frame::below).
size_t frameStackHash(const State &s) {
  StateHash h;
  const Frame &f = s.frames.back();
  h.add(s.frames.size()).add(f.below);
  h.add(f.info).add(f.block).add(f.elem).add(f.call).add(f.env.size());
  for (const auto &[v, val] : f.env) {
    h.add(v).add(val.num.has_value());
    if (val.num) val.num->hashInto(h);
    hashRegion(h, val.addr);
  }
  return h.value();
}

// The hash of a path state but its constraints and loop counters (see
// Explorer::merge). Values are hashed as they are, not through their string
// keys, word by word (StateHash.h): this runs at every block a path enters.
size_t hashState(const State &s) {
  StateHash h;
  h.add(frameStackHash(s));
  auto hashBatch = [&h](const Batch &b) {
    h.add(b.completed).add(b.copies.size());
    for (const CopyRecord &c : b.copies) {
      h.add(c.site);
      hashRegion(h, c.dst);
      hashRegion(h, c.src);
      h.add(c.survived).add(c.survivedUncommitted);
    }
  };
  h.add(s.queues.size());
  for (const Queue &q : s.queues) {
    h.add(q.kind).add(q.object).add(q.tracked).add(q.acquired).add(q.quit).add(q.waitsUnreleased).add(q.batches.size());
    for (const Batch &b : q.batches) hashBatch(b);
    hashBatch(q.open);
  }
  return h.value();
}

// ---- exploration ------------------------------------------------------------------------

std::vector<AsyncFinding> Explorer::run(const FunctionDecl *entry) {
  if (!mayDoAsync(*cache_.relevance, entry)) return {};
  FunctionInfo *info = functionInfo(ctx_, cache_, entry);
  if (!info) return {};
  // Only functions that do something asynchronous are explored.
  bool any = false;
  for (char r : info->relevant) any = any || r;
  if (!any) return {};
  State s;
  s.queues.emplace_back(); // the thread's cp.async batches
  Frame f;
  f.info = info;
  f.block = info->cfg->getEntry().getBlockID();
  s.frames.push_back(f);
  for (const ParmVarDecl *p : info->fn->parameters()) {
    if (!info->tracked.count(p)) continue;
    Val v;
    if (p->getType()->isPointerType()) {
      v.addr = pointeeRegion(p);
    } else {
      v.num = Lin::atom(atoms_.intern("param:" + std::to_string(reinterpret_cast<uintptr_t>(p)), false));
    }
    s.frames.back().env[p] = v;
  }
  work_.push_back(std::move(s));
  while (!work_.empty() && steps_ < kMaxSteps) {
    State next = std::move(work_.back());
    work_.pop_back();
    explore(std::move(next));
  }

  std::vector<AsyncFinding> out;
  std::set<size_t> dropped;
  for (const auto &[acquire, index] : endOfLife_)
    if (unfinished_.count(acquire)) dropped.insert(index);
  for (size_t i = 0; i < protocol_.size(); ++i)
    if (!dropped.count(i)) out.push_back(std::move(protocol_[i]));
  // One finding per copy and buffer: the first access that hits it (later
  // ones are the same missing wait).
  std::set<const Expr *> reported;
  std::set<std::tuple<const Stmt *, const ValueDecl *, bool>> copies;
  for (const Candidate &c : candidates_) {
    if (reported.count(c.access) || copies.count({c.copy.site, c.accessed.root, c.source})) continue;
    if (verdict(c) != Verdict::Same) continue;
    reported.insert(c.access);
    copies.insert({c.copy.site, c.accessed.root, c.source});
    out.push_back(describe(c));
  }
  return out;
}

void Explorer::explore(State s) {
  while (steps_ < kMaxSteps) {
    Frame &f = top(s);
    const CFGBlock *b = f.info->blocks[f.block];
    if (f.elem == 0) {
      // Values no later statement reads are dropped, so that paths that
      // differ only in them meet here.
      for (auto it = f.env.begin(); it != f.env.end();) it = f.info->live(f.block, it->first) ? std::next(it) : f.env.erase(it);
      if (!merge(s)) return;
    }
    bool pushed = false;
    while (f.elem < b->size()) {
      ++steps_;
      CFGElement el = (*b)[f.elem];
      ++f.elem;
      Outcome o = process(s, el, false);
      if (o == Outcome::Killed) return;
      if (o == Outcome::Pushed) {
        pushed = true;
        break;
      }
    }
    if (pushed) continue;
    if (b->succ_empty() || b == &f.info->cfg->getExit()) {
      if (s.frames.size() == 1) {
        endOfPath(s);
        return;
      }
      s.frames.pop_back(); // the caller's cursor is already past the call
      continue;
    }
    branch(s, b);
    return;
  }
}

const Expr *branchCondition(const CFGBlock *b) {
  const Stmt *term = b->getTerminatorStmt();
  if (const auto *bo = dyn_cast_or_null<BinaryOperator>(term); bo && bo->isLogicalOp()) return bo->getLHS();
  if (!term || isa<SwitchStmt>(term)) return nullptr;
  const Expr *cond = dyn_cast_or_null<Expr>(b->getTerminatorCondition(false));
  while (const auto *lo = dyn_cast_or_null<BinaryOperator>(cond ? cond->IgnoreParens() : nullptr)) {
    if (!lo->isLogicalOp()) break;
    cond = lo->getRHS();
  }
  return cond;
}

void Explorer::branch(State &s, const CFGBlock *b) {
  Frame &f = top(s);
  std::vector<const CFGBlock *> succs;
  for (const CFGBlock::AdjacentBlock &a : b->succs()) succs.push_back(a.getReachableBlock());
  unsigned reachable = 0;
  for (const CFGBlock *x : succs) reachable += x != nullptr;
  auto go = [&](State st, const CFGBlock *to) {
    Frame &tf = top(st);
    tf.block = to->getBlockID();
    tf.elem = 0;
    work_.push_back(std::move(st));
  };
  if (reachable == 0) return;
  if (reachable == 1) {
    for (const CFGBlock *x : succs)
      if (x) go(std::move(s), x);
    return;
  }
  unsigned &visits = s.visits[{f.info, b->getBlockID()}];
  if (++visits > kMaxVisits) return;

  const Stmt *term = b->getTerminatorStmt();
  const Expr *cond = branchCondition(b);

  if (const auto *sw = dyn_cast_or_null<SwitchStmt>(term)) {
    std::optional<Lin> v = evalInt(sw->getCond(), s);
    std::optional<int64_t> known = v && v->isConst() ? std::optional<int64_t>(v->c) : std::nullopt;
    const CFGBlock *fallback = nullptr;
    bool matched = false;
    for (const CFGBlock *x : succs) {
      if (!x) continue;
      const auto *cs = dyn_cast_or_null<CaseStmt>(x->getLabel());
      std::optional<int64_t> label;
      if (cs && !cs->getRHS()) {
        Expr::EvalResult r;
        if (cs->getLHS()->EvaluateAsInt(r, ast_)) label = r.Val.getInt().getExtValue();
      }
      if (!cs) {
        fallback = x;
        continue;
      }
      if (known && label) {
        if (*label == *known) go(s, x), matched = true;
        continue;
      }
      State st = s;
      if (v && label) {
        std::optional<Lin> d = sub(*v, Lin::constant(*label));
        if (d && !st.cons.assume(*d, BO_EQ)) continue;
      }
      go(std::move(st), x);
    }
    if (fallback && !matched) go(std::move(s), fallback);
    return;
  }

  Cond c = cond ? evalCond(cond, s) : Cond{};
  if (succs.size() == 2) {
    // A branch whose sides do nothing to the copies in flight is explored
    // once: the accesses on both sides are checked, the variables they
    // assign forgotten. A loop entered or an if with an open condition;
    // a decided if is followed, a loop not entered skipped.
    const FunctionInfo::Summary &sm = f.info->summary(b->getBlockID());
    if (sm.ok && (!c.value || (sm.loop && *c.value))) {
      summarise(s, b, sm);
      return;
    }
    if (c.value) {
      if (const CFGBlock *to = succs[*c.value ? 0 : 1]) go(std::move(s), to);
      return;
    }
    // An open loop condition: after a few iterations only the exits are followed.
    bool capped = ++s.unknownVisits[{f.info, b->getBlockID()}] > kUnknownIterations;
    for (unsigned i = 0; i < 2; ++i) {
      const CFGBlock *to = succs[i];
      if (!to) continue;
      if (capped && f.info->reach(to->getBlockID(), b->getBlockID())) continue;
      State st = i == 0 ? s : std::move(s);
      if (c.lhs && !st.cons.assume(*c.lhs, i == 0 ? c.op : negate(c.op))) continue;
      go(std::move(st), to);
    }
    return;
  }
  for (const CFGBlock *x : succs)
    if (x) go(s, x);
}

void Explorer::summarise(State &s, const CFGBlock *b, const FunctionInfo::Summary &sm) {
  Frame &f = top(s);
  bool condThread = false;
  if (const Expr *cond = dyn_cast_or_null<Expr>(b->getTerminatorCondition(false)))
    condThread = threadDependentExpr(s, cond);
  // A variable the region assigns depends on the thread when the branch
  // does or one of the values assigned to it does.
  std::map<const VarDecl *, bool> assigned;
  for (size_t i = 0; i < sm.assigned.size(); ++i) {
    const VarDecl *v = sm.assigned[i];
    if (!f.info->tracked.count(v)) continue;
    const Expr *val = sm.assignedValues[i];
    bool td = condThread || !val || isa<GCCAsmStmt>(val) || threadDependentExpr(s, val);
    assigned[v] = assigned[v] || td;
  }
  for (const auto &[v, td] : assigned) havoc(s, v, "summary:" + std::to_string(b->getBlockID()), td);
  if (anyInFlight(s))
    for (unsigned id : sm.blocks)
      for (const CFGElement &el : *f.info->blocks[id]) {
        ++steps_;
        process(s, el, true);
      }
  f.block = sm.join;
  f.elem = 0;
  work_.push_back(std::move(s));
}

// Whether `s`, at a block's entry, is to be explored from there. A path
// that reaches a block with the values, copies in flight and call stack of
// one explored from there already differs from it only in its assumptions
// (constraints): when they imply those explored under, every branch it
// would take was taken, and it stops. Otherwise it goes on under the
// assumptions both share, the others dropped, which covers the branches of
// both (a comparison one of them decided is an unknown value there); a
// third one meeting them stops. Keying on the assumptions made every way
// out of an undecided loop (after 1, 2, 3, 4 iterations) a separate path
// to the end of the function, multiplied by each such loop after it
// (ggml's fattn.cu: 8 kernels at the 300,000-step cap, 7.5 million steps
// for the file).
bool Explorer::merge(State &s) {
  auto [it, fresh] = visited_.try_emplace(hashState(s), s.cons);
  if (fresh) return true;
  if (s.cons.implies(it->second)) return false;
  s.cons = s.cons.common(it->second);
  it->second = s.cons;
  return true;
}

bool Explorer::pushFrame(State &s, const CallExpr *call, const FunctionDecl *fd) {
  if (s.frames.size() >= kMaxFrames || isa<CXXMemberCallExpr>(call)) return false;
  if (const FunctionDecl *def = fd->getDefinition();
      !def || ast_.getSourceManager().isInSystemHeader(def->getLocation()))
    return false;
  FunctionInfo *info = functionInfo(ctx_, cache_, fd);
  if (!info) return false;
  for (const Frame &f : s.frames)
    if (f.info == info) return false; // recursion
  Frame callee;
  callee.info = info;
  callee.block = info->cfg->getEntry().getBlockID();
  callee.call = call;
  callee.below = frameStackHash(s);
  const FunctionDecl *def = info->fn;
  // A call of a lambda (operator()) passes the closure object first.
  unsigned shift = isa<CXXOperatorCallExpr>(call) && isa<CXXMethodDecl>(def) ? 1 : 0;
  for (unsigned i = 0; i < def->getNumParams() && i + shift < call->getNumArgs(); ++i) {
    const ParmVarDecl *p = def->getParamDecl(i);
    const Expr *arg = call->getArg(i + shift);
    if (const auto *da = dyn_cast<CXXDefaultArgExpr>(arg)) arg = da->getExpr();
    Val v;
    if (p->getType()->isReferenceType()) {
      v.addr = regionOfLvalue(arg, s);
      if (!v.addr) continue;
    } else if (info->tracked.count(p)) {
      if (p->getType()->isPointerType()) {
        v.addr = regionOfPointer(arg, s);
        if (!v.addr) v.addr = pointeeRegion(p);
      } else {
        v.num = evalInt(arg, s);
        v.addr = regionOfInt(arg, s);
        if (!v.num)
          v.num = Lin::atom(atoms_.intern("arg:" + std::to_string(reinterpret_cast<uintptr_t>(arg)), threadDependentExpr(s, arg)));
      }
    } else {
      continue;
    }
    callee.env[p] = v;
  }
  s.frames.push_back(std::move(callee));
  return true;
}

Explorer::Outcome Explorer::process(State &s, const CFGElement &el, bool accessesOnly) {
  current_ = &s;
  if (auto dtor = el.getAs<CFGAutomaticObjDtor>()) {
    if (!accessesOnly) pipelineDestroyed(s, *dtor);
    return Outcome::Continue;
  }
  auto cs = el.getAs<CFGStmt>();
  if (!cs) return Outcome::Continue;
  const Stmt *st = cs->getStmt();

  if (const auto *ds = dyn_cast<DeclStmt>(st)) {
    if (accessesOnly) return Outcome::Continue;
    for (const Decl *d : ds->decls()) {
      const auto *v = dyn_cast<VarDecl>(d);
      if (!v) continue;
      if (isCudaPipelineType(v->getType()) && !v->getType()->isReferenceType()) {
        pipelineDeclared(s, v);
        continue;
      }
      if (v->getType()->isReferenceType() && v->getInit()) {
        if (std::optional<Region> r = regionOfLvalue(v->getInit(), s)) top(s).env[v].addr = r;
        continue;
      }
      if (!isTracked(s, v)) continue;
      if (v->getInit()) top(s).env[v] = valueOfInit(v, v->getInit(), s);
      else havoc(s, v, "decl", false);
    }
    return Outcome::Continue;
  }

  if (const VarDecl *v = assignedVar(st); v && isTracked(s, v)) {
    if (!accessesOnly) assign(s, v, st);
    return Outcome::Continue;
  }
  if (const auto *bo = dyn_cast<BinaryOperator>(st); bo && bo->isAssignmentOp()) {
    access(s, bo->getLHS(), true);
    return Outcome::Continue;
  }
  if (const auto *uo = dyn_cast<UnaryOperator>(st); uo && uo->isIncrementDecrementOp()) {
    access(s, uo->getSubExpr(), true);
    return Outcome::Continue;
  }
  if (const auto *ic = dyn_cast<ImplicitCastExpr>(st); ic && ic->getCastKind() == CK_LValueToRValue) {
    access(s, ic->getSubExpr(), false);
    return Outcome::Continue;
  }
  if (const auto *ce = dyn_cast<CXXConstructExpr>(st)) {
    if (ce->getNumArgs() == 1 && ce->getConstructor() &&
        (ce->getConstructor()->isCopyConstructor() || ce->getConstructor()->isMoveConstructor()))
      access(s, ce->getArg(0), false);
    return Outcome::Continue;
  }
  if (const auto *oc = dyn_cast<CXXOperatorCallExpr>(st); oc && oc->isAssignmentOp() && oc->getNumArgs() == 2) {
    access(s, oc->getArg(0), true);
    if (oc->getOperator() == OO_Equal && oc->getArg(1)->isGLValue()) access(s, oc->getArg(1), false);
    return Outcome::Continue;
  }

  if (!isa<CallExpr>(st) && !isa<GCCAsmStmt>(st)) return Outcome::Continue;
  llvm::SmallVector<AsyncOp, 1> ops = asyncOpsOf(st, ast_);
  if (!ops.empty()) {
    if (!accessesOnly)
      for (const AsyncOp &op : ops) apply(s, op);
    return Outcome::Continue;
  }
  if (const auto *as = dyn_cast<GCCAsmStmt>(st)) {
    // Shared-memory loads and stores in inline PTX (ldmatrix, ld.shared, st.shared).
    std::string text = as->getAsmString();
    bool load = text.find("ldmatrix") != std::string::npos || text.find("ld.shared") != std::string::npos;
    bool store = text.find("st.shared") != std::string::npos || text.find("stmatrix") != std::string::npos;
    if ((load || store) && anyInFlight(s))
      for (unsigned i = 0; i < as->getNumInputs(); ++i)
        if (std::optional<Region> r = regionOfAddress(as->getInputExpr(i), s))
          accessRegion(s, as->getInputExpr(i), r, store && !load);
    if (!accessesOnly)
      for (unsigned i = 0; i < as->getNumOutputs(); ++i)
        if (const auto *dr = dyn_cast<DeclRefExpr>(as->getOutputExpr(i)->IgnoreParenImpCasts()))
          if (const auto *v = dyn_cast<VarDecl>(dr->getDecl()); v && isTracked(s, v))
            havoc(s, v, "asm:" + std::to_string(reinterpret_cast<uintptr_t>(as)), true);
    return Outcome::Continue;
  }
  const auto *call = cast<CallExpr>(st);
  const FunctionDecl *fd = call->getDirectCallee();
  if (!fd) return Outcome::Continue;
  // nvcuda::wmma reads and writes shared tiles through pointers.
  if (fd->getIdentifier() && anyInFlight(s)) {
    llvm::StringRef name = fd->getName();
    if (name == "load_matrix_sync" && call->getNumArgs() >= 2)
      accessRegion(s, call->getArg(1), regionOfPointer(call->getArg(1), s), false);
    else if (name == "store_matrix_sync" && call->getNumArgs() >= 1)
      accessRegion(s, call->getArg(0), regionOfPointer(call->getArg(0), s), true);
  }
  if (accessesOnly) return Outcome::Continue;
  if (!cache_.relevance->isRelevant(call)) {
    // A helper handed a buffer a copy is still filling (`compute(sh)`):
    // followed, so that its reads are checked.
    if (passesInFlight(s, call) && pushFrame(s, call, fd)) return Outcome::Pushed;
    return Outcome::Continue;
  }
  if (pushFrame(s, call, fd)) return Outcome::Pushed;
  // A helper the analysis does not follow: forget what it may have changed.
  for (Queue &q : s.queues) {
    q.batches.clear();
    q.open.copies.clear();
    q.tracked = false;
  }
  return Outcome::Continue;
}

// Each family of APIs has its own transfer function (AsyncCopyThreadBatches.cpp,
// AsyncCopyPipeline.cpp, AsyncCopyBarrier.cpp).
void Explorer::apply(State &s, const AsyncOp &op) {
  switch (op.kind) {
  case AsyncOpKind::CopyToOpenBatch:
  case AsyncOpKind::CopyOwnBatch:
  case AsyncOpKind::Commit:
  case AsyncOpKind::WaitPrior:
  case AsyncOpKind::CommitAndWaitAll:
    applyThreadBatches(s, op);
    return;
  case AsyncOpKind::PipeMake: return; // handled with the declaration it initialises
  case AsyncOpKind::CopyToPipeline:
  case AsyncOpKind::PipeAcquire:
  case AsyncOpKind::PipeCommit:
  case AsyncOpKind::PipeWait:
  case AsyncOpKind::PipeWaitPrior:
  case AsyncOpKind::PipeRelease:
  case AsyncOpKind::PipeQuit:
    applyPipeline(s, op);
    return;
  case AsyncOpKind::CopyToBarrier:
  case AsyncOpKind::BarrierWait:
    applyBarrier(s, op);
    return;
  default: return;
  }
}

Cache &passCache(AnalysisContext &ctx) {
  Cache &cache = ctx.shared<Cache>("async-copy-paths");
  if (!cache.relevance) cache.relevance = std::make_unique<AsyncRelevance>(ctx.ast());
  return cache;
}

} // namespace asynccopy

const std::vector<AsyncFinding> &asyncCopyFindings(AnalysisContext &ctx, const clang::FunctionDecl *fn) {
  using namespace asynccopy;
  Cache &cache = passCache(ctx);
  auto it = cache.findings.find(fn);
  if (it != cache.findings.end()) return it->second;
  if (!mayHaveAsyncCopyFindingSite(ctx, fn)) return cache.findings[fn]; // nothing to report: not explored
  // No copy in flight at any access, no wait with copies uncommitted
  // (AsyncCopyInFlight.h): not explored either. mayDoAsync() first, as
  // Explorer::run: no CFG is built for a function that does nothing async.
  if (!mayDoAsync(*cache.relevance, fn) || !mayReportInFlight(ctx, cache, fn)) {
    static const bool verify = std::getenv("WARPCHECK_VERIFY_ASYNC_IN_FLIGHT") != nullptr;
    if (verify && !Explorer(ctx, cache).run(fn).empty()) {
      llvm::errs() << "warpcheck: AsyncCopyInFlight skipped " << fn->getQualifiedNameAsString()
                   << ", whose exploration reports\n";
      std::abort();
    }
    return cache.findings[fn];
  }
  Explorer explorer(ctx, cache);
  std::vector<AsyncFinding> found = explorer.run(fn);
  return cache.findings[fn] = std::move(found);
}

} // namespace warpcheck
