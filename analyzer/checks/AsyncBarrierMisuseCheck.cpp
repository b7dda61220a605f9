// async-barrier-misuse: asynchronous barriers (cuda::barrier, cuda::std::
// barrier, raw mbarriers) used against their protocol:
//   - init by more than one thread, or used before a block barrier has
//     published the init, or never initialised at all (E-01, D-09);
//   - an expected count of "every thread of the block" that some threads
//     never meet: an arrive under divergent control whose other side never
//     arrives, threads that exit without arrive_and_drop, a per-thread trip
//     count, or a constant count that differs from the block size the TU
//     launches the kernel with (E-02);
//   - the same thread arriving twice in one phase, or after arrive_and_drop;
//   - waits on a token that no arrive of that barrier produced;
//   - a block-scope barrier that is not in the block's shared memory, and a
//     wait on a peer block's barrier (E-05, E-06).
#include "analyzer/analyses/AsyncBarrierOps.h"
#include "analyzer/analyses/CfgPaths.h"
#include "analyzer/checks/ArchRuleSupport.h"
#include "analyzer/checks/Check.h"
#include "analyzer/checks/CheckRegistry.h"
#include "analyzer/checks/DivergenceNotes.h"
#include "analyzer/core/StripExpr.h"
#include "analyzer/core/WholeUnit.h"
#include "analyzer/cuda/CudaBuiltins.h"
#include "analyzer/uniformity/FunctionUniformity.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include <map>
#include <set>

namespace warpcheck {
namespace {

using namespace clang;
using namespace clang::ast_matchers;

const RuleId &kRule = rule::AsyncBarrierMisuse;

bool isArrival(BarrierOpKind k) {
  return k == BarrierOpKind::Arrive || k == BarrierOpKind::ArriveAndWait || k == BarrierOpKind::ArriveAndDrop;
}

// A place in a function that acts on a barrier: one of its own operations,
// or a call to a function that acts on the barrier passed to it.
struct Site {
  const Stmt *stmt = nullptr;
  BarrierOpKind kind;
  BarrierRef ref;
  const BarrierOp *op = nullptr;       // direct operations
  const FunctionDecl *callee = nullptr; // calls
};

// What a function does to the barriers its parameters point to.
struct ParamEffect {
  unsigned param;
  BarrierOpKind kind;
  BarrierRef ref; // root: the parameter
};

struct FnInfo {
  const FunctionDecl *fn = nullptr;
  const FunctionUniformity *fu = nullptr;
  bool kernel = false;
  std::vector<BarrierOp> ops;
  std::vector<const CallExpr *> calls; // to functions with a body
  std::vector<Site> sites;
  std::unique_ptr<CfgPaths> paths;
};

// Launch facts, for the constant-count check across passes.
struct LaunchFact {
  std::string kernel;
  int64_t dims[3];
  arch::Site site;
};
struct CountFact {
  std::string kernel;
  std::string barrier;
  std::string countText;
  int64_t count = -1;     // the constant count, or -1 for `blockDim.x`
  arch::Site site;        // the count expression
  SourceRange initWhere;  // the init call
};
struct BarrierFacts : FactsBase {
  std::vector<LaunchFact> launches; // host pass
  std::vector<CountFact> counts;    // device passes
};

const FunctionDecl *definitionOf(const FunctionDecl *fd) {
  const FunctionDecl *def = nullptr;
  if (fd && fd->hasBody(def)) return def;
  return nullptr;
}

// The Uniformity levels of the guards of a statement that are divergent.
bool hasThreadGuard(const std::vector<Guard> &gs) {
  for (const Guard &g : gs)
    if (g.level.level == Divergence::Thread) return true;
  return false;
}

bool mentionsThreadIdxYZ(const Stmt *s) {
  if (!s) return false;
  if (const auto *e = dyn_cast<Expr>(s)) {
    BuiltinVarRef r = builtinVarRef(e);
    if (r.var == BuiltinVar::ThreadIdx && (r.dim == 'y' || r.dim == 'z')) return true;
  }
  for (const Stmt *c : s->children())
    if (mentionsThreadIdxYZ(c)) return true;
  return false;
}

class AsyncBarrierMisuseCheck : public Check {
public:
  using Check::Check;

  void registerMatchers(MatchFinder &finder) override {
    finder.addMatcher(functionDecl(isDefinition(), isDeviceFunction())
                          .bind("fn"),
                      this);
    finder.addMatcher(varDecl(hasGlobalStorage(), anyOf(hasAttr(attr::CUDADevice), hasAttr(attr::HIPManaged)))
                          .bind("global"),
                      this);
  }

  void check(const MatchFinder::MatchResult &result) override {
    if (const auto *v = result.Nodes.getNodeAs<VarDecl>("global")) {
      checkGlobalPlacement(v);
      return;
    }
    const auto *fn = result.Nodes.getNodeAs<FunctionDecl>("fn");
    if (!fn || fn->isDependentContext() || !fn->getBody()) return;
    if (inSystemHeader(fn->getLocation())) return; // CCCL acts on `this` and parameters: not modelled
    if (fns_.count(fn)) return;
    FnInfo &info = fns_[fn];
    info.fn = fn;
    info.kernel = fn->hasAttr<CUDAGlobalAttr>();
    info.fu = context().uniformity().function(fn);
    collect(info);
    checkLocalPlacement(info);
  }

  void onEndOfTranslationUnit(ASTContext &) override {
    for (auto &[fn, info] : fns_) buildSites(info);
    for (auto &[fn, info] : fns_) {
      checkInitRace(info);
      checkPublished(info);
      checkWholeBlockCount(info);
      checkDoubleArrive(info);
      checkTokens(info);
      checkParamPlacement(info);
      checkRemoteWait(info);
    }
    checkNeverInitialised();
  }

  void collectFacts(ASTContext &ast, PassFacts &facts) override {
    auto &out = facts.get<BarrierFacts>(kRule.id);
    if (facts.pass().host) collectLaunches(ast, out);
    else out.counts = std::move(counts_);
  }

  static void comparePasses(const std::vector<const PassFacts *> &passes, const AnalysisOptions &opts,
                            std::vector<Finding> &out);

private:
  // ---- collection ----------------------------------------------------------

  void collect(FnInfo &info) {
    struct Visitor : RecursiveASTVisitor<Visitor> {
      AsyncBarrierMisuseCheck &self;
      FnInfo &info;
      Visitor(AsyncBarrierMisuseCheck &s, FnInfo &i) : self(s), info(i) {}
      bool shouldVisitTemplateInstantiations() const { return true; }
      bool TraverseLambdaExpr(LambdaExpr *) { return true; } // its own function
      bool VisitExpr(Expr *e) {
        if (!isa<CallExpr, CXXNewExpr>(e)) return true;
        if (auto op = classifyBarrierOp(e, self.context().ast(), info.fu)) {
          info.ops.push_back(*op);
          return true;
        }
        if (const auto *call = dyn_cast<CallExpr>(e))
          if (const FunctionDecl *def = definitionOf(call->getDirectCallee()))
            if (!self.inSystemHeader(def->getLocation())) info.calls.push_back(call);
        return true;
      }
    } v(*this, info);
    v.TraverseStmt(info.fn->getBody());
  }

  bool inSystemHeader(SourceLocation loc) {
    const SourceManager &sm = context().sources();
    return loc.isInvalid() || sm.isInSystemHeader(sm.getExpansionLoc(loc));
  }

  FnInfo *infoOf(const FunctionDecl *fd) {
    auto it = fns_.find(definitionOf(fd));
    return it == fns_.end() ? nullptr : &it->second;
  }

  // The argument of `call` for parameter `i` of its callee.
  static const Expr *argumentFor(const CallExpr *call, unsigned i) {
    unsigned offset = 0;
    if (const auto *oc = dyn_cast<CXXOperatorCallExpr>(call))
      if (isa_and_nonnull<CXXMethodDecl>(oc->getDirectCallee())) offset = 1;
    return i + offset < call->getNumArgs() ? call->getArg(i + offset) : nullptr;
  }

  BarrierRef argumentRef(const CallExpr *call, const FunctionDecl *callee, unsigned i, const FnInfo &caller) {
    const Expr *arg = argumentFor(call, i);
    if (!arg || i >= callee->getNumParams()) return BarrierRef{};
    bool ptr = callee->getParamDecl(i)->getType()->isPointerType();
    return resolveBarrier(arg, ptr, context().ast(), caller.fu);
  }

  // What `fd` does, through its parameters, transitively.
  const std::vector<ParamEffect> &effects(const FunctionDecl *fd) {
    fd = definitionOf(fd);
    auto it = effects_.find(fd);
    if (it != effects_.end()) return it->second;
    std::vector<ParamEffect> &out = effects_[fd]; // empty while in progress (recursion)
    FnInfo *info = infoOf(fd);
    if (!info) return out;
    std::vector<ParamEffect> found;
    for (const BarrierOp &op : info->ops)
      if (const auto *p = dyn_cast_or_null<ParmVarDecl>(op.bar.root))
        found.push_back({p->getFunctionScopeIndex(), op.kind, op.bar});
    for (const CallExpr *call : info->calls) {
      const FunctionDecl *callee = definitionOf(call->getDirectCallee());
      for (const ParamEffect &e : std::vector<ParamEffect>(effects(callee))) {
        BarrierRef mapped = throughArgument(e.ref, argumentRef(call, callee, e.param, *info));
        if (const auto *p = dyn_cast_or_null<ParmVarDecl>(mapped.root))
          found.push_back({p->getFunctionScopeIndex(), e.kind, mapped});
      }
    }
    effects_[fd] = std::move(found);
    return effects_[fd];
  }

  void buildSites(FnInfo &info) {
    for (const BarrierOp &op : info.ops) {
      Site s;
      s.stmt = op.expr;
      s.kind = op.kind;
      s.ref = op.bar;
      s.op = &op;
      info.sites.push_back(s);
    }
    for (const CallExpr *call : info.calls) {
      const FunctionDecl *callee = definitionOf(call->getDirectCallee());
      for (const ParamEffect &e : effects(callee)) {
        Site s;
        s.stmt = call;
        s.kind = e.kind;
        s.ref = throughArgument(e.ref, argumentRef(call, callee, e.param, info));
        s.ref.expr = argumentFor(call, e.param);
        s.callee = callee;
        if (s.ref.known()) info.sites.push_back(s);
      }
    }
  }

  CfgPaths &paths(FnInfo &info) {
    if (!info.paths) info.paths = std::make_unique<CfgPaths>(info.fn, context().ast());
    return *info.paths;
  }

  std::vector<Guard> guards(const FnInfo &info, const Stmt *s, bool withExits = false) {
    return info.fu ? info.fu->guards(s, withExits) : std::vector<Guard>{};
  }

  // ---- statements that synchronise -----------------------------------------

  // A block-wide (or cluster-wide) barrier: what publishes an init.
  bool isPublish(const Stmt *s) {
    if (isBlockBarrierAsm(s)) return true;
    if (const auto *as = dyn_cast<GCCAsmStmt>(s))
      return as->getAsmString().find("barrier.cluster.wait") != std::string::npos;
    const auto *call = dyn_cast<CallExpr>(s);
    if (!call) return false;
    llvm::StringRef n = calleeName(call);
    if (isBlockBarrierName(n) || n == "__cluster_barrier_wait") return true;
    // block.sync(), cluster.sync() (static members), cg::sync(group).
    if (n == "sync") {
      const CXXRecordDecl *rd = nullptr;
      if (const auto *m = dyn_cast_or_null<CXXMethodDecl>(call->getDirectCallee())) rd = m->getParent();
      else if (call->getNumArgs() == 1) rd = call->getArg(0)->getType()->getAsCXXRecordDecl();
      if (rd && (rd->getName() == "cluster_group" || rd->getName() == "thread_block" ||
                 rd->getName() == "grid_group"))
        return true;
    }
    if (const FunctionDecl *def = definitionOf(call->getDirectCallee()))
      return context().uniformity().mayExecuteBlockBarrier(def);
    return false;
  }

  // Whether a function may block the thread (a wait, a block barrier).
  bool mayBlock(const FunctionDecl *fd) {
    fd = definitionOf(fd);
    auto it = mayBlock_.find(fd);
    if (it != mayBlock_.end()) return it->second;
    mayBlock_[fd] = false;
    bool r = context().uniformity().mayExecuteBlockBarrier(fd);
    if (FnInfo *info = infoOf(fd)) {
      for (const BarrierOp &op : info->ops)
        r |= op.kind == BarrierOpKind::Wait || op.kind == BarrierOpKind::ArriveAndWait;
      for (const CallExpr *call : info->calls) r |= mayBlock(call->getDirectCallee());
    }
    return mayBlock_[fd] = r;
  }

  // Something between two arrivals that may hold the thread until a phase
  // has completed: a wait, a barrier, an atomic or asm (a hand-made wait).
  bool isBlocking(const Stmt *s) {
    if (isa<GCCAsmStmt>(s) || isPublish(s)) return true;
    const auto *e = dyn_cast<Expr>(s);
    if (!e) return false;
    if (auto op = classifyBarrierOp(e, context().ast(), nullptr))
      return op->kind == BarrierOpKind::Wait || op->kind == BarrierOpKind::ArriveAndWait;
    const auto *call = dyn_cast<CallExpr>(e);
    if (!call) return false;
    if (const FunctionDecl *def = definitionOf(call->getDirectCallee()); def && infoOf(def)) return mayBlock(def);
    std::string n = calleeName(call).lower();
    return n.find("wait") != std::string::npos || n.find("sync") != std::string::npos ||
           n.find("atomic") != std::string::npos || n.find("sleep") != std::string::npos ||
           !call->getDirectCallee();
  }

  // ---- presentation ----------------------------------------------------------

  std::string text(const Expr *e, const BarrierRef *fallback = nullptr) {
    if (e) {
      const SourceManager &sm = context().sources();
      CharSourceRange r = Lexer::makeFileCharRange(CharSourceRange::getTokenRange(e->getSourceRange()), sm,
                                                   context().ast().getLangOpts());
      if (r.isValid()) {
        std::string t = Lexer::getSourceText(r, sm, context().ast().getLangOpts()).str();
        if (!t.empty() && t.size() <= 48 && t.find('\n') == std::string::npos) return t;
      }
    }
    return fallback ? fallback->spelling() : "the barrier";
  }

  // How a message names the barrier of an operation: "bar", "full[stage]".
  std::string barrierName(const BarrierRef &r) {
    const Expr *e = r.expr ? strip(r.expr) : nullptr;
    if (const auto *uo = dyn_cast_or_null<UnaryOperator>(e); uo && uo->getOpcode() == UO_AddrOf)
      e = uo->getSubExpr();
    return text(e, &r);
  }

  unsigned lineOf(SourceLocation loc) {
    return context().sources().getPresumedLineNumber(context().sources().getExpansionLoc(loc));
  }

  static std::string describeSite(const Site &s) {
    if (s.callee) return "the call to '" + s.callee->getNameAsString() + "'";
    return "'" + s.op->name + "'";
  }

  // ---- E-01: one thread initialises -----------------------------------------

  void checkInitRace(FnInfo &info) {
    for (const BarrierOp &op : info.ops) {
      if (op.kind != BarrierOpKind::Init || !op.bar.known()) continue;
      const Expr *address = op.bar.expr;
      if (info.fu && address && info.fu->valueOf(address).level == Divergence::Thread) continue; // own barriers
      std::vector<Guard> gs = guards(info, op.expr);
      if (hasThreadGuard(gs)) continue;
      std::vector<ChainStep> chain;
      if (!info.kernel && !reachedByWholeWarps(info.fn, op.bar, chain, 0)) continue;
      const Guard *warpGuard = firstDivergentGuard(gs, Divergence::Warp);
      std::string name = barrierName(op.bar);
      std::string who = warpGuard ? "every thread of the warps that take this branch"
                                  : (chain.empty() ? "every thread of the block" : "more than one thread");
      FindingBuilder f = diag(op.expr->getBeginLoc(),
                              "'" + op.name + "' of barrier '" + name + "' runs in " + who +
                                  ": the threads initialise the same barrier concurrently, and a late init wipes "
                                  "out arrivals already counted; initialise it from one thread and publish it "
                                  "with __syncthreads()");
      f.range(op.expr->getSourceRange());
      if (warpGuard) noteGuard(f, *warpGuard);
      noteChain(f, chain);
      if (!warpGuard && chain.empty() && info.kernel) fixSingleThread(f, op.expr);
    }
  }

  // Whether some kernel calls `fn` with no thread-dependent branch around
  // the call (transitively): its unguarded init then runs in whole warps.
  bool reachedByWholeWarps(const FunctionDecl *fn, const BarrierRef &ref, std::vector<ChainStep> &chain,
                           int depth) {
    if (depth > 6) return false;
    for (auto &[callerFn, caller] : fns_)
      for (const CallExpr *call : caller.calls) {
        if (definitionOf(call->getDirectCallee()) != fn) continue;
        if (hasThreadGuard(guards(caller, call))) continue;
        // The barrier argument may itself be per thread.
        if (const auto *p = dyn_cast_or_null<ParmVarDecl>(ref.root))
          if (const Expr *arg = argumentFor(call, p->getFunctionScopeIndex()))
            if (caller.fu && caller.fu->valueOf(arg).level == Divergence::Thread) continue;
        std::vector<ChainStep> sub;
        BarrierRef outer = ref;
        if (const auto *p = dyn_cast_or_null<ParmVarDecl>(ref.root))
          outer = throughArgument(ref, argumentRef(call, fn, p->getFunctionScopeIndex(), caller));
        if (caller.kernel || reachedByWholeWarps(callerFn, outer, sub, depth + 1)) {
          chain = sub;
          chain.insert(chain.begin(), ChainStep{call->getBeginLoc(), "'" + fn->getNameAsString() +
                                                                          "' is called here by every thread"});
          return true;
        }
      }
    return false;
  }

  // Wraps a lone `init(...);` statement in `if (threadIdx.x == 0)`.
  void fixSingleThread(FindingBuilder &f, const Expr *init) {
    DynTypedNodeList parents = context().ast().getParents(*init);
    if (parents.empty() || !parents[0].get<CompoundStmt>()) return;
    SourceLocation b = init->getBeginLoc();
    if (b.isMacroID()) return;
    f.fixit(CharSourceRange::getCharRange(b, b), "if (threadIdx.x == 0) ");
  }

  // ---- E-01: the init is published before other threads use it ---------------

  void checkPublished(FnInfo &info) {
    std::set<const ValueDecl *> reported; // one finding per barrier variable (or array)
    for (const Site &init : info.sites) {
      if (init.kind != BarrierOpKind::Init || reported.count(init.ref.root)) continue;
      std::vector<Guard> initGuards = guards(info, init.stmt);
      bool single = hasThreadGuard(initGuards);
      if (!single && !init.callee) continue; // every thread initialises: reported above
      if (init.callee && publishesInits(init.callee)) continue; // a helper that syncs after its init
      for (const Site &use : info.sites) {
        if (use.kind == BarrierOpKind::Init || !use.ref.mayAlias(init.ref) || use.stmt == init.stmt) continue;
        if (use.callee && context().uniformity().mayExecuteBlockBarrier(use.callee)) continue;
        if (!paths(info).reaches(init.stmt, use.stmt, [&](const Stmt *s) { return isPublish(s); })) continue;
        if (single && sameThreadRegion(initGuards, guards(info, use.stmt))) continue;
        std::string name = barrierName(use.ref);
        FindingBuilder f = diag(use.stmt->getBeginLoc(),
                                "barrier '" + name + "' is used here before a block barrier publishes its "
                                "initialisation: other threads can reach " + describeSite(use) +
                                " before the thread that runs the init, and operate on an uninitialised barrier");
        f.note(init.stmt->getBeginLoc(), "'" + name + "' is initialised here, with no __syncthreads() between");
        fixPublish(f, init.stmt, use.stmt);
        reported.insert(init.ref.root);
        break;
      }
    }
  }

  // Whether every init `fd` makes (itself or through its callees) is
  // followed, on every path to its return, by a block barrier: its callers
  // get the barrier published (a set-up helper ending in block.sync()).
  bool publishesInits(const FunctionDecl *fd) {
    fd = definitionOf(fd);
    auto it = publishes_.find(fd);
    if (it != publishes_.end()) return it->second;
    publishes_[fd] = false; // recursion: not known to publish
    FnInfo *info = infoOf(fd);
    if (!info) return false;
    bool all = true, any = false;
    for (const Site &s : info->sites) {
      if (s.kind != BarrierOpKind::Init) continue;
      any = true;
      all &= (s.callee && publishesInits(s.callee)) ||
             !paths(*info).reachesExit(s.stmt, [&](const Stmt *x) { return isPublish(x); });
    }
    return publishes_[fd] = any && all;
  }

  // The use runs only in the thread(s) that initialised: under the same
  // thread-dependent conditions (the same branch, or another `if` testing
  // the same expression, e.g. `threadIdx.x == 0` twice).
  bool sameThreadRegion(const std::vector<Guard> &init, const std::vector<Guard> &use) {
    for (const Guard &g : init) {
      if (g.level.level != Divergence::Thread) continue;
      bool found = false;
      for (const Guard &u : use)
        found |= u.taken == g.taken && (u.branch == g.branch || sameCondition(u.condition, g.condition));
      if (!found) return false;
    }
    return true;
  }

  bool sameCondition(const Expr *a, const Expr *b) {
    if (!a || !b) return false;
    llvm::FoldingSetNodeID x, y;
    a->IgnoreParenImpCasts()->Profile(x, context().ast(), /*Canonical=*/true);
    b->IgnoreParenImpCasts()->Profile(y, context().ast(), /*Canonical=*/true);
    return x == y;
  }

  // Inserts `__syncthreads();` after the statement holding the init, in the
  // block that also holds the use.
  void fixPublish(FindingBuilder &f, const Stmt *init, const Stmt *use) {
    ASTContext &ast = context().ast();
    const SourceManager &sm = ast.getSourceManager();
    const Stmt *cur = init;
    for (int depth = 0; depth < 32; ++depth) {
      DynTypedNodeList parents = ast.getParents(*cur);
      if (parents.empty()) return;
      const auto *cs = parents[0].get<CompoundStmt>();
      if (!cs) {
        cur = parents[0].get<Stmt>();
        if (!cur) return;
        continue;
      }
      if (!sm.isBeforeInTranslationUnit(cur->getEndLoc(), use->getBeginLoc())) return;
      if (!cs->getSourceRange().fullyContains(use->getSourceRange())) {
        cur = cs;
        continue;
      }
      SourceLocation end = cur->getEndLoc();
      if (end.isMacroID() || cur->getBeginLoc().isMacroID()) return;
      if (!isa<CompoundStmt, IfStmt, ForStmt, WhileStmt>(cur)) {
        std::optional<Token> semi = Lexer::findNextToken(end, sm, ast.getLangOpts());
        if (!semi || !semi->is(tok::semi)) return;
        end = semi->getLocation();
      } else if (const auto *ifs = dyn_cast<IfStmt>(cur); ifs && !isa<CompoundStmt>(ifs->getElse() ? ifs->getElse() : ifs->getThen())) {
        std::optional<Token> semi = Lexer::findNextToken(end, sm, ast.getLangOpts());
        if (!semi || !semi->is(tok::semi)) return;
        end = semi->getLocation();
      }
      SourceLocation after = Lexer::getLocForEndOfToken(end, 0, sm, ast.getLangOpts());
      unsigned col = sm.getSpellingColumnNumber(cur->getBeginLoc());
      f.fixit(CharSourceRange::getCharRange(after, after), "\n" + std::string(col > 0 ? col - 1 : 0, ' ') +
                                                               "__syncthreads();");
      return;
    }
  }

  // ---- E-02: counts that every thread must meet ---------------------------------

  // An expected count that means "every thread of the block".
  bool isWholeBlock(const Expr *e, const FnInfo &info, bool *onlyX = nullptr, int depth = 0) {
    e = strip(e);
    if (!e || depth > 4) return false;
    BuiltinVarRef r = builtinVarRef(e);
    if (r.var == BuiltinVar::BlockDim) {
      if (onlyX) *onlyX = r.dim == 'x';
      return r.dim == 'x';
    }
    if (const auto *bo = dyn_cast<BinaryOperator>(e); bo && bo->getOpcode() == BO_Mul) {
      std::set<char> dims;
      std::vector<const Expr *> work{bo};
      while (!work.empty()) {
        const Expr *x = strip(work.back());
        work.pop_back();
        if (const auto *m = dyn_cast<BinaryOperator>(x); m && m->getOpcode() == BO_Mul) {
          work.push_back(m->getLHS());
          work.push_back(m->getRHS());
          continue;
        }
        BuiltinVarRef d = builtinVarRef(x);
        if (d.var != BuiltinVar::BlockDim) return false;
        dims.insert(d.dim);
      }
      if (onlyX) *onlyX = false;
      return dims.count('x') && dims.count('y');
    }
    // block.size() / block.num_threads() (static members of thread_block).
    if (const auto *call = dyn_cast<CallExpr>(e))
      if (const auto *m = dyn_cast_or_null<CXXMethodDecl>(call->getDirectCallee())) {
        llvm::StringRef n = calleeName(call);
        if (m->getParent()->getName() == "thread_block" && (n == "size" || n == "num_threads")) {
          if (onlyX) *onlyX = false;
          return true;
        }
      }
    if (const auto *dre = dyn_cast<DeclRefExpr>(e))
      if (const auto *v = dyn_cast<VarDecl>(dre->getDecl())) {
        const Expr *def = info.fu ? info.fu->singleDefinition(v) : nullptr;
        if (!def && v->getType().isConstQualified()) def = v->getInit();
        if (def) return isWholeBlock(def, info, onlyX, depth + 1);
      }
    return false;
  }

  void checkWholeBlockCount(FnInfo &info) {
    for (const BarrierOp &init : info.ops) {
      if (init.kind != BarrierOpKind::Init || !init.count || !init.bar.known() || !isa<VarDecl>(init.bar.root) ||
          isa<ParmVarDecl>(init.bar.root))
        continue;
      recordCountFact(info, init);
      bool onlyX = false;
      if (!isWholeBlock(init.count, info, &onlyX)) continue;
      std::set<const Stmt *> arrivals;
      for (const Site &s : info.sites)
        if (isArrival(s.kind) && s.ref.mayAlias(init.bar)) arrivals.insert(s.stmt);
      auto arrivesHere = [&](const Stmt *s) { return arrivals.count(s) > 0; };
      for (const Site &a : info.sites) {
        if (!isArrival(a.kind) || !a.ref.mayAlias(init.bar)) continue;
        for (const Guard &g : guards(info, a.stmt, /*withExits=*/true)) {
          if (g.level.level == Divergence::Uniform) continue;
          if (onlyX && mentionsThreadIdxYZ(g.condition)) continue; // one row of a 2-D block arrives
          bool loop = isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(g.branch);
          if (!loop) {
            std::vector<const CFGBlock *> succ = paths(info).branchSuccessors(g.branch);
            if (succ.size() != 2) continue; // switch: not modelled
            const CFGBlock *other = g.taken ? succ[1] : succ[0];
            // One arrival on the other side is enough: the two sides of a
            // producer/consumer split arrive in their own ways.
            if (!other || paths(info).anyReachable(other, arrivesHere)) continue;
            // So is a divergent arrival before the branch: the threads that
            // skip this one may have arrived there (`if (tid == 0) arrive;
            // ... if (tid != 0) arrive;`).
            if (arrivedBefore(info, a, g, arrivals)) continue;
          }
          reportMissingArrivals(info, init, a, g, loop);
          goto nextInit; // one finding per barrier
        }
      }
    nextInit:;
    }
  }

  bool arrivedBefore(FnInfo &info, const Site &a, const Guard &g, const std::set<const Stmt *> &arrivals) {
    for (const Stmt *other : arrivals) {
      if (other == a.stmt || !firstDivergentGuard(guards(info, other), Divergence::Warp)) continue;
      if (paths(info).reaches(other, g.branch, [](const Stmt *) { return false; })) return true;
    }
    return false;
  }

  void reportMissingArrivals(FnInfo &info, const BarrierOp &init, const Site &a, const Guard &g, bool loop) {
    std::string name = barrierName(a.ref);
    std::string head = "barrier '" + name + "' expects an arrival from every thread of the block (count '" +
                       text(init.count) + "'), but ";
    std::string msg;
    if (loop)
      msg = head + describeSite(a) + " is in a loop with a " + levelAdjective(g.level.level) +
            " trip count: threads arrive different numbers of times, and the last phases never complete";
    else if (g.exits)
      msg = head + "threads that leave early never arrive: the phase never completes and the threads waiting on "
                   "it hang; call arrive_and_drop() on '" + name + "' before leaving";
    else
      msg = head + describeSite(a) + " is reached under " + levelAdjective(g.level.level) +
            " control and the other side of the branch never arrives: the phase never completes and the "
            "threads waiting on it hang";
    FindingBuilder f = diag(a.stmt->getBeginLoc(), msg);
    noteGuard(f, g);
    f.note(init.expr->getBeginLoc(), "expected arrival count of '" + name + "' set here");
  }

  // A constant count (or blockDim.x) with arrivals by every thread: the
  // host pass compares it with the launches of the kernel.
  void recordCountFact(FnInfo &info, const BarrierOp &init) {
    if (!info.kernel || !init.count || init.count->isValueDependent()) return;
    Expr::EvalResult r;
    int64_t count = -1;
    if (init.count->EvaluateAsInt(r, context().ast())) count = r.Val.getInt().getExtValue();
    else {
      BuiltinVarRef b = builtinVarRef(strip(init.count));
      if (b.var != BuiltinVar::BlockDim || b.dim != 'x') return;
    }
    bool any = false;
    for (const Site &s : info.sites) {
      if (s.kind == BarrierOpKind::Init || !s.ref.mayAlias(init.bar)) continue;
      if (s.callee) return; // arrivals elsewhere: not counted here
      if (!isArrival(s.kind)) continue;
      if (s.op->count) return; // arrive(n)
      for (const Guard &g : guards(info, s.stmt, true))
        if (!g.level.isUniform()) return;
      any = true;
    }
    if (!any) return;
    CountFact f;
    f.kernel = arch::entityName(info.fn);
    f.barrier = barrierName(init.bar);
    f.countText = text(init.count);
    f.count = count;
    f.site = arch::siteOf(context(), init.count->getBeginLoc());
    f.site.where = context().toRange(init.count->getSourceRange());
    f.initWhere = context().toRange(init.expr->getBeginLoc());
    counts_.push_back(std::move(f));
  }

  // ---- one arrival per thread and phase ------------------------------------------

  void checkDoubleArrive(FnInfo &info) {
    std::set<const Stmt *> reported;
    for (const BarrierOp &first : info.ops) {
      if ((first.kind != BarrierOpKind::Arrive && first.kind != BarrierOpKind::ArriveAndDrop) || !first.bar.exact() ||
          first.count || first.raw)
        continue;
      bool dropped = first.kind == BarrierOpKind::ArriveAndDrop;
      if (!dropped && !oneArrivalPerThread(first.bar)) continue;
      for (const BarrierOp &second : info.ops) {
        if (!isArrival(second.kind) || !second.bar.same(first.bar) || reported.count(second.expr)) continue;
        if (!paths(info).reaches(first.expr, second.expr, [&](const Stmt *s) { return isBlocking(s); })) continue;
        std::string name = barrierName(second.bar);
        std::string msg =
            dropped ? "'" + second.name + "' on barrier '" + name + "' after this thread left it with "
                          "arrive_and_drop(): a dropped thread no longer takes part, and its arrival is counted "
                          "against the threads that still do"
                    : "second arrival on barrier '" + name + "' by the same thread in one phase: each thread is "
                      "expected once per phase, so the phase completes before the other threads have arrived; "
                      "wait on the first arrival's token before arriving again";
        diag(second.expr->getBeginLoc(), msg)
            .note(first.expr->getBeginLoc(), dropped ? "the thread dropped out here"
                                                     : "first arrival here, with no wait on '" + name + "' after it");
        reported.insert(second.expr);
      }
    }
  }

  // Whether some init of the barrier expects one arrival per thread.
  bool oneArrivalPerThread(const BarrierRef &ref) {
    for (auto &[fn, info] : fns_)
      for (const BarrierOp &op : info.ops)
        if (op.kind == BarrierOpKind::Init && op.count && op.bar.mayAlias(ref) && isWholeBlock(op.count, info))
          return true;
    return false;
  }

  // ---- tokens ------------------------------------------------------------------------

  // Looks through std::move, copies and conversions to the token's source.
  static const Expr *tokenSource(const Expr *e) {
    for (int i = 0; e && i < 8; ++i) {
      e = e->IgnoreParenImpCasts();
      if (const auto *ewc = dyn_cast<ExprWithCleanups>(e)) e = ewc->getSubExpr();
      else if (const auto *mt = dyn_cast<MaterializeTemporaryExpr>(e)) e = mt->getSubExpr();
      else if (const auto *bt = dyn_cast<CXXBindTemporaryExpr>(e)) e = bt->getSubExpr();
      else if (const auto *ce = dyn_cast<CXXConstructExpr>(e); ce && ce->getNumArgs() == 1) e = ce->getArg(0);
      else if (const auto *call = dyn_cast<CallExpr>(e);
               call && call->getNumArgs() == 1 && (calleeName(call) == "move" || calleeName(call) == "forward"))
        e = call->getArg(0);
      else return e;
    }
    return e;
  }

  void checkTokens(FnInfo &info) {
    for (const BarrierOp &wait : info.ops) {
      if (wait.kind != BarrierOpKind::Wait || !wait.token) continue;
      const Expr *src = tokenSource(wait.token);
      std::string name = barrierName(wait.bar);
      if (auto op = classifyBarrierOp(src, context().ast(), info.fu)) {
        if (op->kind == BarrierOpKind::Arrive) checkTokenBarrier(wait, *op, name);
        continue;
      }
      const auto *dre = dyn_cast_or_null<DeclRefExpr>(src);
      const auto *v = dre ? dyn_cast<VarDecl>(dre->getDecl()) : nullptr;
      if (!v || !v->hasLocalStorage() || isa<ParmVarDecl>(v) || v->getType()->isReferenceType()) continue;
      if (isEscaped(info, v)) continue;
      bool entry = false;
      std::vector<const Stmt *> defs =
          paths(info).nearestBefore(wait.expr, [&](const Stmt *s) { return definesVar(s, v); }, entry);
      for (const Stmt *d : defs) {
        const Expr *value = definedValue(d, v);
        const Expr *vs = value ? tokenSource(value) : nullptr;
        if (auto op = vs ? classifyBarrierOp(vs, context().ast(), info.fu) : std::nullopt) {
          if (op->kind == BarrierOpKind::Arrive && checkTokenBarrier(wait, *op, name)) break;
          continue;
        }
        if (value && !isDefaultToken(vs)) continue; // from elsewhere (a call, a parameter)
        diag(wait.expr->getBeginLoc(),
             "'" + wait.name + "' on barrier '" + name + "' may be given a token that no arrive produced: on a "
             "path from line " + std::to_string(lineOf(d->getBeginLoc())) + " '" + v->getNameAsString() +
             "' still holds " + (value ? "a default-constructed token" : "an uninitialised token") +
             "; a thread waits only on the token its own arrive on '" + name + "' returned")
            .note(d->getBeginLoc(), "'" + v->getNameAsString() + "' gets no arrival token here");
        break;
      }
    }
  }

  // A token given to the wait of another barrier.
  bool checkTokenBarrier(const BarrierOp &wait, const BarrierOp &arrive, const std::string &name) {
    if (!wait.bar.known() || !arrive.bar.known() || wait.bar.mayAlias(arrive.bar)) return false;
    if (wait.bar.root != arrive.bar.root && (isa<ParmVarDecl>(wait.bar.root) || isa<ParmVarDecl>(arrive.bar.root)))
      return false; // two parameters may point to one barrier
    std::string other = barrierName(arrive.bar);
    diag(wait.expr->getBeginLoc(), "'" + wait.name + "' on barrier '" + name + "' is given the token of an arrive on '" +
                                       other + "': a token names a phase of the barrier that issued it, so this "
                                       "thread waits on a phase of '" + name + "' it never arrived at")
        .note(arrive.expr->getBeginLoc(), "the token comes from this arrive on '" + other + "'");
    return true;
  }

  static bool isDefaultToken(const Expr *e) {
    if (!e) return true;
    e = e->IgnoreParenImpCasts();
    if (const auto *ce = dyn_cast<CXXConstructExpr>(e)) return ce->getNumArgs() == 0;
    if (isa<CXXScalarValueInitExpr, InitListExpr, ImplicitValueInitExpr>(e)) return true;
    if (const auto *il = dyn_cast<IntegerLiteral>(e)) return il->getValue() == 0;
    return false;
  }

  static bool definesVar(const Stmt *s, const VarDecl *v) {
    if (const auto *ds = dyn_cast<DeclStmt>(s)) {
      for (const Decl *d : ds->decls())
        if (d == v) return true;
      return false;
    }
    if (const auto *op = dyn_cast<CXXOperatorCallExpr>(s); op && op->isAssignmentOp() && op->getNumArgs() == 2)
      if (const auto *dre = dyn_cast<DeclRefExpr>(op->getArg(0)->IgnoreParenImpCasts())) return dre->getDecl() == v;
    if (const auto *bo = dyn_cast<BinaryOperator>(s); bo && bo->isAssignmentOp())
      if (const auto *dre = dyn_cast<DeclRefExpr>(bo->getLHS()->IgnoreParenImpCasts())) return dre->getDecl() == v;
    return false;
  }

  static const Expr *definedValue(const Stmt *s, const VarDecl *v) {
    if (isa<DeclStmt>(s)) return v->getInit();
    if (const auto *op = dyn_cast<CXXOperatorCallExpr>(s)) return op->getArg(1);
    if (const auto *bo = dyn_cast<BinaryOperator>(s)) return bo->getRHS();
    return nullptr;
  }

  // A token whose address is taken or that is bound to a non-const
  // reference may be set elsewhere.
  static bool isEscaped(const FnInfo &info, const VarDecl *v) {
    struct Finder : RecursiveASTVisitor<Finder> {
      const VarDecl *v;
      bool escaped = false;
      bool VisitUnaryOperator(UnaryOperator *uo) {
        if (uo->getOpcode() == UO_AddrOf)
          if (const auto *d = dyn_cast<DeclRefExpr>(uo->getSubExpr()->IgnoreParens()); d && d->getDecl() == v)
            escaped = true;
        return true;
      }
      bool VisitCallExpr(CallExpr *call) {
        const FunctionDecl *fd = call->getDirectCallee();
        if (!fd || calleeName(call) == "move") return true;
        for (unsigned i = 0; i < call->getNumArgs() && i < fd->getNumParams(); ++i) {
          QualType t = fd->getParamDecl(i)->getType();
          if (!t->isReferenceType() || t->getPointeeType().isConstQualified() || t->isRValueReferenceType()) continue;
          if (const auto *d = dyn_cast<DeclRefExpr>(call->getArg(i)->IgnoreParenImpCasts()); d && d->getDecl() == v)
            escaped = true;
        }
        return true;
      }
    } f;
    f.v = v;
    f.TraverseStmt(info.fn->getBody());
    return f.escaped;
  }

  // ---- E-06: where a block-scope barrier lives ---------------------------------------

  void checkLocalPlacement(FnInfo &info) {
    if (info.fn->hasAttr<CUDAHostAttr>() && !info.fn->hasAttr<CUDAGlobalAttr>()) return; // may run on the host
    struct Visitor : RecursiveASTVisitor<Visitor> {
      std::vector<const VarDecl *> locals;
      bool TraverseLambdaExpr(LambdaExpr *) { return true; }
      bool VisitVarDecl(VarDecl *v) {
        if (v->hasLocalStorage() && !isa<ParmVarDecl>(v) && !v->getType()->isReferenceType()) locals.push_back(v);
        return true;
      }
    } v;
    v.TraverseStmt(info.fn->getBody());
    for (const VarDecl *var : v.locals) {
      std::optional<std::string> scope = asyncBarrierScope(var->getType());
      if (!scope || *scope == "thread") continue;
      diag(var->getLocation(),
           "barrier '" + var->getNameAsString() + "' is a local variable: every thread gets its own copy, so its "
           "arrivals and waits synchronise no thread with another; declare it __shared__, initialise it from one "
           "thread with init(&" + var->getNameAsString() + ", count) and publish it with __syncthreads()")
          .range(var->getSourceRange());
    }
  }

  void checkGlobalPlacement(const VarDecl *v) {
    std::optional<std::string> scope = asyncBarrierScope(v->getType());
    if (!scope || (*scope != "block" && *scope != "cluster")) return;
    if (v->hasAttr<CUDASharedAttr>()) return;
    diag(v->getLocation(), "barrier '" + v->getNameAsString() + "' has thread_scope_" + *scope +
                               " but lives in global memory: every block of the grid arrives on this one object, "
                               "which orders only threads of one block; use a __shared__ barrier per block (or "
                               "thread_scope_device for a grid-wide barrier)")
        .range(v->getSourceRange());
  }

  void checkParamPlacement(FnInfo &info) {
    if (!info.kernel) return;
    std::set<const ValueDecl *> reported;
    for (const BarrierOp &op : info.ops) {
      const auto *p = dyn_cast_or_null<ParmVarDecl>(op.bar.root);
      if (!p || reported.count(p) || op.raw) continue;
      std::optional<std::string> scope = asyncBarrierScope(p->getType()->isPointerType()
                                                               ? p->getType()->getPointeeType()
                                                               : p->getType());
      if (!scope || (*scope != "block" && *scope != "cluster")) continue;
      reported.insert(p);
      diag(op.expr->getBeginLoc(),
           "'" + op.name + "' on a thread_scope_" + *scope + " barrier that kernel parameter '" +
               p->getNameAsString() + "' points to, in global memory: threads of every block arrive on it, but "
               "the scope orders only the threads of one block; use a __shared__ barrier per block (or "
               "thread_scope_device)")
          .note(p->getLocation(), "kernel parameter '" + p->getNameAsString() + "' declared here");
    }
  }

  // ---- E-05: no waiting on a peer's barrier --------------------------------------------

  void checkRemoteWait(FnInfo &info) {
    for (const BarrierOp &op : info.ops) {
      if (op.kind != BarrierOpKind::Wait && op.kind != BarrierOpKind::ArriveAndWait) continue;
      const CallExpr *map = mappedRank(op.bar.expr, info);
      if (!map) continue;
      diag(op.expr->getBeginLoc(),
           "'" + op.name + "' on a barrier in another block's shared memory (from map_shared_rank): a thread may "
           "arrive on a peer's barrier but never wait on it; wait on the local barrier and arrive remotely with "
           "cuda::ptx::mbarrier_arrive(..., space_cluster, ...)")
          .note(map->getBeginLoc(), "the barrier address is mapped to a peer block here");
    }
  }

  const CallExpr *mappedRank(const Expr *e, const FnInfo &info) {
    for (int i = 0; e && i < 4; ++i) {
      e = strip(e);
      if (const auto *uo = dyn_cast<UnaryOperator>(e); uo && uo->getOpcode() == UO_Deref) {
        e = uo->getSubExpr();
        continue;
      }
      // cluster.map_shared_rank(addr, rank) (a static member of cluster_group).
      if (const auto *call = dyn_cast<CallExpr>(e)) {
        if (calleeName(call) != "map_shared_rank" || call->getNumArgs() < 2) return nullptr;
        const auto *rank = dyn_cast<CallExpr>(strip(call->getArg(call->getNumArgs() - 1)));
        if (rank && calleeName(rank) == "block_rank") return nullptr; // its own barrier
        return call;
      }
      const auto *dre = dyn_cast<DeclRefExpr>(e);
      const auto *v = dre ? dyn_cast<VarDecl>(dre->getDecl()) : nullptr;
      if (!v) return nullptr;
      const Expr *def = info.fu ? info.fu->singleDefinition(v) : nullptr;
      e = def ? def : unchangedInitializer(v);
    }
    return nullptr;
  }

  // ---- D-09: a barrier that nothing initialises ------------------------------------------

  void checkNeverInitialised() {
    // Shared cuda::barrier variables, their operations, and their inits.
    std::map<const VarDecl *, const Site *> firstUse;
    std::set<const VarDecl *> initialised;
    std::map<const VarDecl *, unsigned> covered;
    for (auto &[fn, info] : fns_)
      for (const Site &s : info.sites) {
        const auto *v = dyn_cast_or_null<VarDecl>(s.ref.root);
        if (!v || isa<ParmVarDecl>(v) || !v->hasAttr<CUDASharedAttr>() || !asyncBarrierScope(v->getType())) continue;
        if (s.kind == BarrierOpKind::Init) initialised.insert(v);
        else if (!firstUse.count(v)) firstUse[v] = &s;
      }
    for (auto &[v, use] : firstUse) {
      if (initialised.count(v) || mentionedElsewhere(v)) continue;
      std::string name = v->getNameAsString();
      diag(use->stmt->getBeginLoc(), "barrier '" + name + "' is used but never initialised: no init(&" + name +
                                         ", count) in this file sets its expected arrival count, so its phases "
                                         "complete at random; initialise it from one thread, then __syncthreads()")
          .note(v->getLocation(), "'" + name + "' declared here");
    }
  }

  // Whether `v` is referred to other than by the barrier operations seen
  // (handed to asm, an unknown function, stored in a pointer...).
  bool mentionedElsewhere(const VarDecl *v) {
    struct Counter : RecursiveASTVisitor<Counter> {
      const VarDecl *v;
      std::vector<const DeclRefExpr *> refs;
      bool shouldVisitTemplateInstantiations() const { return true; }
      bool VisitDeclRefExpr(DeclRefExpr *d) {
        if (d->getDecl() == v) refs.push_back(d);
        return true;
      }
    };
    for (auto &[fn, info] : fns_) {
      Counter all;
      all.v = v;
      all.TraverseStmt(info.fn->getBody());
      for (const DeclRefExpr *d : all.refs) {
        bool ok = false;
        for (const Site &s : info.sites)
          if (s.ref.expr && s.ref.root == v && s.ref.expr->getSourceRange().fullyContains(d->getSourceRange()))
            ok = true;
        if (!ok) return true;
      }
    }
    return false;
  }

  // ---- launches (host pass) -------------------------------------------------------------------

  static std::optional<std::array<int64_t, 3>> dim3Of(const Expr *e, ASTContext &ast, int depth = 0) {
    if (!e || depth > 4) return std::nullopt;
    e = e->IgnoreParenImpCasts();
    if (const auto *ewc = dyn_cast<ExprWithCleanups>(e)) return dim3Of(ewc->getSubExpr(), ast, depth + 1);
    if (const auto *mt = dyn_cast<MaterializeTemporaryExpr>(e)) return dim3Of(mt->getSubExpr(), ast, depth + 1);
    if (const auto *ce = dyn_cast<CXXConstructExpr>(e)) {
      if (ce->getNumArgs() == 1 && ce->getArg(0)->getType()->isRecordType())
        return dim3Of(ce->getArg(0), ast, depth + 1); // copy
      std::array<int64_t, 3> d{1, 1, 1};
      for (unsigned i = 0; i < ce->getNumArgs() && i < 3; ++i) {
        const Expr *a = ce->getArg(i);
        if (const auto *def = dyn_cast<CXXDefaultArgExpr>(a)) a = def->getExpr();
        Expr::EvalResult r;
        if (a->isValueDependent() || !a->EvaluateAsInt(r, ast)) return std::nullopt;
        d[i] = r.Val.getInt().getExtValue();
      }
      return d;
    }
    if (const auto *dre = dyn_cast<DeclRefExpr>(e))
      if (const auto *v = dyn_cast<VarDecl>(dre->getDecl()); v && v->getInit()) {
        if (!v->getType().isConstQualified() && !v->getType()->isIntegerType()) {
          // A dim3 local is trusted only when nothing writes it after its declaration.
          if (!unchangedInitializer(v)) return std::nullopt;
        }
        if (v->getType()->isIntegerType()) {
          Expr::EvalResult r;
          if (!v->getType().isConstQualified() || !v->getInit()->EvaluateAsInt(r, ast)) return std::nullopt;
          return std::array<int64_t, 3>{r.Val.getInt().getExtValue(), 1, 1};
        }
        return dim3Of(v->getInit(), ast, depth + 1);
      }
    Expr::EvalResult r;
    if (e->getType()->isIntegerType() && !e->isValueDependent() && e->EvaluateAsInt(r, ast))
      return std::array<int64_t, 3>{r.Val.getInt().getExtValue(), 1, 1};
    return std::nullopt;
  }

  void collectLaunches(ASTContext &ast, BarrierFacts &out) {
    struct Visitor : RecursiveASTVisitor<Visitor> {
      ASTContext &ast;
      CheckContext &ctx;
      BarrierFacts &out;
      Visitor(ASTContext &a, CheckContext &c, BarrierFacts &o) : ast(a), ctx(c), out(o) {}
      bool shouldVisitTemplateInstantiations() const { return true; }
      bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *k) {
        const FunctionDecl *kernel = k->getDirectCallee();
        const CallExpr *config = k->getConfig();
        if (!kernel || !config || config->getNumArgs() < 2) return true;
        auto dims = dim3Of(config->getArg(1), ast);
        if (!dims) return true;
        LaunchFact f;
        f.kernel = arch::entityName(kernel);
        std::copy(dims->begin(), dims->end(), f.dims);
        f.site = arch::siteOf(ctx, k->getBeginLoc());
        out.launches.push_back(std::move(f));
        return true;
      }
    } v(ast, context(), out);
    traverseWholeUnit(v, ast);
  }

  std::map<const FunctionDecl *, FnInfo> fns_;
  std::map<const FunctionDecl *, std::vector<ParamEffect>> effects_;
  std::map<const FunctionDecl *, bool> mayBlock_;
  std::map<const FunctionDecl *, bool> publishes_;
  std::vector<CountFact> counts_;
};

void AsyncBarrierMisuseCheck::comparePasses(const std::vector<const PassFacts *> &passes,
                                            const AnalysisOptions &opts, std::vector<Finding> &out) {
  const BarrierFacts *host = nullptr;
  std::string hostName;
  std::vector<std::pair<std::string, const CountFact *>> counts;
  for (const PassFacts *p : passes) {
    const auto *f = p->find<BarrierFacts>(kRule.id);
    if (!f) continue;
    if (p->pass().host) {
      host = f;
      hostName = p->pass().name();
    } else {
      for (const CountFact &c : f->counts) counts.push_back({p->pass().name(), &c});
    }
  }
  if (!host) return;
  std::map<std::pair<std::string, std::string>, Finding *> made; // (count site, launch site)
  std::vector<Finding> found;
  found.reserve(counts.size() * host->launches.size());
  for (auto &[pass, c] : counts) {
    if (!arch::reportable(c->site, opts)) continue;
    for (const LaunchFact &l : host->launches) {
      if (l.kernel != c->kernel) continue;
      int64_t threads = l.dims[0] * l.dims[1] * l.dims[2];
      std::string shape = std::to_string(l.dims[0]);
      if (l.dims[1] != 1 || l.dims[2] != 1) shape += "x" + std::to_string(l.dims[1]);
      if (l.dims[2] != 1) shape += "x" + std::to_string(l.dims[2]);
      std::string msg;
      if (c->count < 0) {
        if (l.dims[1] * l.dims[2] == 1) continue;
        msg = "barrier '" + c->barrier + "' expects blockDim.x arrivals per phase, but kernel '" + c->kernel +
              "' is launched with " + shape + " blocks whose " + std::to_string(threads) +
              " threads all arrive: phases complete early and later arrivals spill into the next phase; count "
              "every thread (blockDim.x * blockDim.y * blockDim.z)";
      } else if (c->count == threads) {
        continue;
      } else if (c->count > threads) {
        msg = "barrier '" + c->barrier + "' expects " + std::to_string(c->count) + " arrivals per phase, but kernel '" +
              c->kernel + "' is launched with " + std::to_string(threads) +
              " threads per block, each arriving once: the phase never completes and the block hangs";
      } else {
        msg = "barrier '" + c->barrier + "' expects " + std::to_string(c->count) + " arrivals per phase, but kernel '" +
              c->kernel + "' is launched with " + std::to_string(threads) +
              " threads per block, each arriving once: the phase completes before the last " +
              std::to_string(threads - c->count) + " threads arrive, and their arrivals count toward the next phase";
      }
      auto key = std::make_pair(locationPrefix(c->site.where) + msg, locationPrefix(l.site.where));
      if (made.count(key)) {
        made[key]->passes.push_back(pass);
        continue;
      }
      Finding f = arch::makeFinding(kRule, c->site, msg);
      f.passes = {pass, hostName};
      f.notes.push_back({l.site.where, "'" + c->kernel + "' is launched here with " + shape + " threads per block"});
      f.notes.push_back({c->initWhere, "the barrier is initialised here, and every thread arrives on it"});
      if (c->count < 0) f.fixits.push_back({c->site.where, "blockDim.x * blockDim.y * blockDim.z"});
      found.push_back(std::move(f));
      made[key] = &found.back();
    }
  }
  for (Finding &f : found) out.push_back(std::move(f));
}

} // namespace

CheckFactory asyncBarrierMisuseCheck() {
  return checkFactory<AsyncBarrierMisuseCheck>(kRule, AsyncBarrierMisuseCheck::comparePasses);
}

} // namespace warpcheck
