// The path-sensitive analysis of asynchronous copies (see AsyncCopyPaths.h).
#include "analyzer/analyses/AsyncCopyPaths.h"
#include "analyzer/analyses/AsyncCopyFindingSites.h"
#include "analyzer/analyses/AsyncCopyValues.h"
#include "analyzer/cuda/AsyncCopyApi.h"
#include "analyzer/uniformity/EscapeScan.h"
#include "analyzer/uniformity/FunctionUniformity.h"
#include "analyzer/uniformity/ProgramUniformity.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/Analyses/Dominators.h"
#include "clang/Analysis/CFG.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Hashing.h"
#include "rules/RuleIds.h"
#include <algorithm>
#include <set>
#include <tuple>
#include <unordered_map>

namespace warpcheck {

const char *const kReadBeforeWaitRule = rule::AsyncCopyReadBeforeWait.id;
const char *const kPipelineProtocolRule = rule::PipelineProtocol.id;

namespace {

using namespace clang;

// How far the exploration goes. Paths beyond these are dropped, never
// guessed: a dropped path can hide a finding, not invent one.
constexpr unsigned kMaxFrames = 4;          // inlined helper depth
constexpr unsigned kUnknownIterations = 4;  // iterations followed of a loop whose exit is undecided
constexpr unsigned kMaxVisits = 300;        // visits of one block on one path (decided loops)
constexpr size_t kMaxSteps = 300000;        // elements processed per entry function
constexpr size_t kMaxBatches = 16;          // committed batches remembered per queue

// ---- per-function facts -------------------------------------------------------

// The tracked variable a statement assigns, if any.
const VarDecl *assignedVar(const Stmt *s) {
  const Expr *target = nullptr;
  if (const auto *bo = dyn_cast<BinaryOperator>(s); bo && bo->isAssignmentOp()) target = bo->getLHS();
  else if (const auto *uo = dyn_cast<UnaryOperator>(s); uo && uo->isIncrementDecrementOp()) target = uo->getSubExpr();
  if (!target) return nullptr;
  if (const auto *dr = dyn_cast<DeclRefExpr>(target->IgnoreParenImpCasts())) return dyn_cast<VarDecl>(dr->getDecl());
  return nullptr;
}

struct FunctionInfo {
  const FunctionDecl *fn = nullptr;
  std::unique_ptr<CFG> cfg;
  std::vector<const CFGBlock *> blocks;
  std::set<const VarDecl *> tracked;
  std::vector<char> relevant; // per block: holds an async op, a call that may do one, a pipeline's end
  const FunctionUniformity *uniformity = nullptr;
  std::unique_ptr<CFGPostDomTree> postDom;

  // A branch whose two sides, up to where they join again, do nothing to
  // the copies in flight: explored once, not path by path.
  struct Summary {
    bool ok = false;
    bool loop = false; // the region comes back to the branch
    unsigned join = 0;
    std::vector<unsigned> blocks;
    std::vector<const VarDecl *> assigned;
    std::vector<const Expr *> assignedValues; // parallel to `assigned`; null when unknown
  };
  std::map<unsigned, Summary> summaries;
  std::map<std::pair<unsigned, unsigned>, bool> reaches;
  // Per block: the variables whose value may still be read from its entry
  // on. The others are dropped from a path's values there (see explore()).
  std::vector<llvm::BitVector> liveIn;
  llvm::DenseMap<const VarDecl *, unsigned> varIndex; // bit of each variable in liveIn
  bool live(unsigned block, const VarDecl *v) const {
    auto it = varIndex.find(v);
    return it != varIndex.end() && liveIn[block].test(it->second);
  }

  const Summary &summary(unsigned id);
  bool reach(unsigned from, unsigned to);
};

const FunctionInfo::Summary &FunctionInfo::summary(unsigned id) {
  auto it = summaries.find(id);
  if (it != summaries.end()) return it->second;
  Summary &s = summaries[id];
  const CFGBlock *b = blocks[id];
  if (!postDom) return s;
  auto *node = postDom->getBase().getNode(const_cast<CFGBlock *>(b));
  if (!node || !node->getIDom() || !node->getIDom()->getBlock()) return s;
  const CFGBlock *join = node->getIDom()->getBlock();
  std::set<unsigned> region;
  std::vector<const CFGBlock *> work;
  for (const CFGBlock::AdjacentBlock &succ : b->succs())
    if (const CFGBlock *sb = succ.getReachableBlock(); sb && sb != join) work.push_back(sb);
  while (!work.empty()) {
    const CFGBlock *x = work.back();
    work.pop_back();
    if (!region.insert(x->getBlockID()).second) continue;
    for (const CFGBlock::AdjacentBlock &succ : x->succs())
      if (const CFGBlock *sb = succ.getReachableBlock(); sb && sb != join) work.push_back(sb);
  }
  for (unsigned r : region) {
    if (relevant[r]) return s;
    if (blocks[r] == &cfg->getExit()) return s;
  }
  s.loop = region.count(id) != 0;
  s.join = join->getBlockID();
  s.blocks.assign(region.begin(), region.end());
  for (unsigned r : region)
    for (const CFGElement &el : *blocks[r]) {
      auto cs = el.getAs<CFGStmt>();
      if (!cs) continue;
      const Stmt *st = cs->getStmt();
      if (const VarDecl *v = assignedVar(st)) {
        const auto *bo = dyn_cast<BinaryOperator>(st);
        s.assigned.push_back(v);
        s.assignedValues.push_back(bo ? bo->getRHS() : nullptr);
      } else if (const auto *ds = dyn_cast<DeclStmt>(st)) {
        for (const Decl *d : ds->decls())
          if (const auto *v = dyn_cast<VarDecl>(d)) {
            s.assigned.push_back(v);
            s.assignedValues.push_back(v->getInit());
          }
      } else if (const auto *as = dyn_cast<GCCAsmStmt>(st)) {
        for (unsigned i = 0; i < as->getNumOutputs(); ++i)
          if (const auto *dr = dyn_cast<DeclRefExpr>(as->getOutputExpr(i)->IgnoreParenImpCasts()))
            if (const auto *v = dyn_cast<VarDecl>(dr->getDecl())) {
              s.assigned.push_back(v);
              s.assignedValues.push_back(as->getOutputExpr(i)); // asm results: taken as thread-dependent
            }
      }
    }
  s.ok = true;
  return s;
}

bool FunctionInfo::reach(unsigned from, unsigned to) {
  auto key = std::make_pair(from, to);
  auto it = reaches.find(key);
  if (it != reaches.end()) return it->second;
  std::vector<char> seen(blocks.size());
  std::vector<unsigned> work{from};
  bool found = false;
  while (!work.empty() && !found) {
    unsigned x = work.back();
    work.pop_back();
    if (seen[x]) continue;
    seen[x] = 1;
    for (const CFGBlock::AdjacentBlock &succ : blocks[x]->succs())
      if (const CFGBlock *sb = succ.getReachableBlock()) {
        if (sb->getBlockID() == to) found = true;
        work.push_back(sb->getBlockID());
      }
  }
  return reaches[key] = found;
}

// Backward liveness of the variables the explorer keeps values of. A read
// is any reference to the variable but the left side of a plain `v = e`
// (which replaces the value, reading nothing of it) and a declaration with
// an initialiser; a compound assignment, ++, a declaration without
// initialiser and an asm output count as reads, since the explorer derives
// the new value from the old one there.
void computeLiveness(FunctionInfo &info) {
  struct Overwrites : RecursiveASTVisitor<Overwrites> {
    std::set<const DeclRefExpr *> lhs;
    bool VisitBinaryOperator(BinaryOperator *bo) {
      if (bo->getOpcode() == BO_Assign)
        if (const auto *dr = dyn_cast<DeclRefExpr>(bo->getLHS()->IgnoreParens()))
          if (const auto *v = dyn_cast<VarDecl>(dr->getDecl()); v && !v->getType()->isReferenceType()) lhs.insert(dr);
      return true;
    }
  } overwrites;
  overwrites.TraverseStmt(const_cast<Stmt *>(info.fn->getBody()));
  size_t n = info.blocks.size();
  // Per block, in order: (variable, true for a read / false for an overwrite).
  std::vector<std::vector<std::pair<unsigned, bool>>> events(n);
  auto index = [&](const VarDecl *v) { return info.varIndex.try_emplace(v, info.varIndex.size()).first->second; };
  for (size_t id = 0; id < n; ++id) {
    if (!info.blocks[id]) continue;
    auto &ev = events[id];
    for (const CFGElement &el : *info.blocks[id]) {
      auto cs = el.getAs<CFGStmt>();
      if (!cs) continue;
      const Stmt *st = cs->getStmt();
      if (const auto *dr = dyn_cast<DeclRefExpr>(st)) {
        if (const auto *v = dyn_cast<VarDecl>(dr->getDecl()); v && !overwrites.lhs.count(dr)) ev.push_back({index(v), true});
      } else if (const auto *bo = dyn_cast<BinaryOperator>(st); bo && bo->getOpcode() == BO_Assign) {
        if (const auto *dr = dyn_cast<DeclRefExpr>(bo->getLHS()->IgnoreParens()); dr && overwrites.lhs.count(dr))
          ev.push_back({index(cast<VarDecl>(dr->getDecl())), false});
      } else if (const auto *ds = dyn_cast<DeclStmt>(st)) {
        for (const Decl *d : ds->decls())
          if (const auto *v = dyn_cast<VarDecl>(d))
            ev.push_back({index(v), !(v->getInit() && !v->getType()->isReferenceType())});
      } else if (const auto *as = dyn_cast<GCCAsmStmt>(st)) {
        for (unsigned i = 0; i < as->getNumOutputs(); ++i)
          if (const auto *dr = dyn_cast<DeclRefExpr>(as->getOutputExpr(i)->IgnoreParenImpCasts()))
            if (const auto *v = dyn_cast<VarDecl>(dr->getDecl())) ev.push_back({index(v), true});
      }
    }
  }
  unsigned vars = info.varIndex.size();
  info.liveIn.assign(n, llvm::BitVector(vars));
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t i = n; i-- > 0;) {
      if (!info.blocks[i]) continue;
      llvm::BitVector live(vars);
      for (const CFGBlock::AdjacentBlock &succ : info.blocks[i]->succs())
        if (const CFGBlock *sb = succ.getReachableBlock()) live |= info.liveIn[sb->getBlockID()];
      for (auto it = events[i].rbegin(); it != events[i].rend(); ++it) {
        if (it->second) live.set(it->first);
        else live.reset(it->first);
      }
      if (live != info.liveIn[i]) info.liveIn[i] = std::move(live), changed = true;
    }
  }
}

// Whether a function may do anything the explorer follows: an async
// operation or a call that may perform one, or a cuda::pipeline whose end
// of scope is checked. A walk over the body, without the CFG, dominator
// tree and value facts functionInfo() builds: most device functions do
// nothing asynchronous and are not explored at all.
bool mayDoAsync(AsyncRelevance &relevance, const FunctionDecl *fn) {
  const FunctionDecl *def = fn->getDefinition();
  if (!def || !def->hasBody()) return false;
  llvm::SmallVector<const Stmt *, 32> work{def->getBody()};
  while (!work.empty()) {
    const Stmt *s = work.pop_back_val();
    if (!s) continue;
    if ((isa<CallExpr>(s) || isa<GCCAsmStmt>(s)) && relevance.isRelevant(s)) return true;
    if (const auto *ds = dyn_cast<DeclStmt>(s))
      for (const Decl *d : ds->decls())
        if (const auto *v = dyn_cast<VarDecl>(d); v && isCudaPipelineType(v->getType())) return true;
    if (const auto *da = dyn_cast<CXXDefaultArgExpr>(s)) work.push_back(da->getExpr());
    for (const Stmt *child : s->children()) work.push_back(child);
  }
  return false;
}

// ---- the per-pass cache -----------------------------------------------------------

struct Cache {
  std::unique_ptr<AsyncRelevance> relevance;
  std::map<const FunctionDecl *, std::unique_ptr<FunctionInfo>> infos;
  std::map<const FunctionDecl *, std::vector<AsyncFinding>> findings;
};

FunctionInfo *functionInfo(AnalysisContext &ctx, Cache &cache, const FunctionDecl *fn) {
  fn = fn->getDefinition();
  if (!fn || !fn->hasBody()) return nullptr;
  std::unique_ptr<FunctionInfo> &slot = cache.infos[fn];
  if (slot) return slot->cfg ? slot.get() : nullptr;
  slot = std::make_unique<FunctionInfo>();
  FunctionInfo &info = *slot;
  info.fn = fn;
  CFG::BuildOptions opts;
  opts.setAllAlwaysAdd();
  opts.AddImplicitDtors = true; // a cuda::pipeline's end of scope
  opts.AddTemporaryDtors = false;
  info.cfg = CFG::buildCFG(fn, fn->getBody(), &ctx.ast(), opts);
  if (!info.cfg) return nullptr;
  info.blocks.assign(info.cfg->getNumBlockIDs(), nullptr);
  for (const CFGBlock *b : *info.cfg) info.blocks[b->getBlockID()] = b;
  info.relevant.assign(info.blocks.size(), 0);
  for (const CFGBlock *b : *info.cfg)
    for (const CFGElement &el : *b) {
      bool rel = false;
      if (auto cs = el.getAs<CFGStmt>()) rel = cache.relevance->isRelevant(cs->getStmt());
      else if (auto dtor = el.getAs<CFGAutomaticObjDtor>()) rel = isCudaPipelineType(dtor->getVarDecl()->getType());
      if (rel) info.relevant[b->getBlockID()] = 1;
    }
  info.postDom = std::make_unique<CFGPostDomTree>(info.cfg.get());
  // Locals whose address escapes (taken, bound to a non-const reference,
  // captured by reference): their values are not tracked.
  llvm::SmallPtrSet<const VarDecl *, 16> escaped = escapedLocals(fn->getBody(), EscapeNotion::Values);
  auto trackable = [&](const VarDecl *v) {
    QualType t = v->getType();
    return !t->isReferenceType() && (t->isIntegralOrEnumerationType() || t->isPointerType()) &&
           !escaped.count(v) && !v->hasAttr<CUDASharedAttr>();
  };
  for (const ParmVarDecl *p : fn->parameters())
    if (trackable(p)) info.tracked.insert(p);
  // Locals: every VarDecl of the body with local storage.
  struct Locals : RecursiveASTVisitor<Locals> {
    std::vector<const VarDecl *> vars;
    bool VisitVarDecl(VarDecl *v) {
      if (v->hasLocalStorage() && !isa<ParmVarDecl>(v)) vars.push_back(v);
      return true;
    }
  } locals;
  locals.TraverseStmt(const_cast<Stmt *>(fn->getBody()));
  for (const VarDecl *v : locals.vars)
    if (trackable(v)) info.tracked.insert(v);
  info.uniformity = ctx.uniformity().function(fn);
  computeLiveness(info);
  return slot.get();
}

// ---- path state -------------------------------------------------------------------

struct Val {
  std::optional<Lin> num;
  std::optional<Region> addr;
  bool operator==(const Val &o) const { return num == o.num && addr == o.addr; }
};

struct Frame {
  FunctionInfo *info = nullptr;
  unsigned block = 0;
  unsigned elem = 0;
  std::map<const VarDecl *, Val> env;
  const CallExpr *call = nullptr; // the call in the caller
};

struct CopyRecord {
  const Stmt *site = nullptr;
  AsyncOpKind kind = AsyncOpKind::None;
  std::optional<Region> dst, src, barrier;
  std::optional<int64_t> bytes;
  // The last wait the copy stayed in flight through, for the message.
  const Stmt *survived = nullptr;
  std::string survivedText;
  std::optional<int64_t> survivedCount;
  bool survivedUncommitted = false;
  bool survivedPipelineWait = false;
  bool committed = false;
  std::vector<const CallExpr *> calls; // inlined calls it was issued through
};

struct Batch {
  std::vector<CopyRecord> copies;
  bool completed = false; // consumer_wait: waited for, not yet released
};

struct Queue {
  enum Kind { Thread, Pipeline, Barrier } kind = Thread;
  const ValueDecl *object = nullptr;
  std::vector<Batch> batches; // committed, oldest first
  Batch open;                 // issued, not committed
  // The cuda::pipeline protocol, for pipelines made in the analysed code.
  bool tracked = false, partitioned = false, acquired = false, quit = false;
  bool threadScope = false; // cuda::pipeline<thread_scope_thread>: acquire is free, nothing hangs
  const Stmt *acquireSite = nullptr, *quitSite = nullptr, *lastCommit = nullptr, *lastWait = nullptr;
  unsigned waitsUnreleased = 0;
};

struct State {
  llvm::SmallVector<Frame, 2> frames;
  std::vector<Queue> queues; // [0] is the thread's cp.async batches
  Constraints cons;
  std::map<std::pair<const void *, unsigned>, unsigned> visits, unknownVisits;
};

size_t hashRegion(const std::optional<Region> &r) { return r ? std::hash<std::string>()(r->key()) : 0; }

// The hash of a path state but its constraints and loop counters (see
// Explorer::merge).
size_t hashState(const State &s) {
  size_t h = 0;
  for (const Frame &f : s.frames) {
    h = llvm::hash_combine(h, f.info, f.block, f.elem, f.call);
    for (const auto &[v, val] : f.env)
      h = llvm::hash_combine(h, v, val.num ? val.num->key() : std::string("-"), hashRegion(val.addr));
  }
  auto hashBatch = [](size_t h, const Batch &b) {
    h = llvm::hash_combine(h, b.completed, b.copies.size());
    for (const CopyRecord &c : b.copies)
      h = llvm::hash_combine(h, c.site, hashRegion(c.dst), hashRegion(c.src), c.survived, c.survivedUncommitted);
    return h;
  };
  for (const Queue &q : s.queues) {
    h = llvm::hash_combine(h, q.kind, q.object, q.tracked, q.acquired, q.quit, q.waitsUnreleased, q.batches.size());
    for (const Batch &b : q.batches) h = hashBatch(h, b);
    h = hashBatch(h, q.open);
  }
  return h;
}

// A load or store that may touch what an in-flight copy writes (or a store
// to what it reads), decided once all copies are known.
struct Candidate {
  const Expr *access = nullptr;
  bool write = false;
  bool source = false; // the access hits the copy's source
  Region accessed;
  CopyRecord copy;
  Queue::Kind queue = Queue::Thread;
  const ValueDecl *object = nullptr;
  std::vector<const CallExpr *> calls;
};

std::string nameOf(const ValueDecl *d) { return d && d->getIdentifier() ? d->getName().str() : std::string("the buffer"); }

int negate(int op) {
  switch (op) {
  case BO_LT: return BO_GE;
  case BO_GE: return BO_LT;
  case BO_GT: return BO_LE;
  case BO_LE: return BO_GT;
  case BO_EQ: return BO_NE;
  case BO_NE: return BO_EQ;
  default: return op;
  }
}

struct Cond {
  std::optional<bool> value;
  std::optional<Lin> lhs; // when undecided: the branch is `lhs OP 0`
  int op = BO_NE;
  Cond negated() const {
    Cond c = *this;
    if (value) c.value = !*value;
    c.op = negate(op);
    return c;
  }
};

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

// cuda::pipeline<cuda::thread_scope_thread>: its template argument is the
// enumerator thread_scope_thread.
bool isThreadScopePipeline(QualType t) {
  const auto *spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(t.getNonReferenceType()->getAsCXXRecordDecl());
  if (!spec || spec->getTemplateArgs().size() < 1) return false;
  const TemplateArgument &arg = spec->getTemplateArgs()[0];
  if (arg.getKind() != TemplateArgument::Integral) return false;
  const auto *et = arg.getIntegralType()->getAs<EnumType>();
  if (!et) return false;
  const EnumDecl *ed = et->getDecl();
  if (const EnumDecl *def = ed->getDefinition()) ed = def;
  for (const EnumConstantDecl *e : ed->enumerators())
    if (llvm::APSInt::isSameValue(e->getInitVal(), arg.getAsIntegral())) return e->getName() == "thread_scope_thread";
  return false;
}

// The make_pipeline() call a declaration's initialiser holds.
const CallExpr *makePipelineCall(const Expr *init, const ASTContext &ast) {
  const Expr *e = stripConstruction(init);
  const auto *call = dyn_cast_or_null<CallExpr>(e);
  if (!call) return nullptr;
  auto ops = asyncOpsOf(call, ast);
  return !ops.empty() && ops[0].kind == AsyncOpKind::PipeMake ? call : nullptr;
}

// ---- the explorer ----------------------------------------------------------------------

class Explorer {
public:
  Explorer(AnalysisContext &ctx, Cache &cache) : ctx_(ctx), cache_(cache), ast_(ctx.ast()) {}
  std::vector<AsyncFinding> run(const FunctionDecl *entry);

private:
  enum class Outcome { Continue, Pushed, Killed };

  AnalysisContext &ctx_;
  Cache &cache_;
  ASTContext &ast_;
  AtomTable atoms_;
  size_t steps_ = 0;
  // The assumptions each state was explored under from a block entry, by
  // the hash of the rest of the state (see merge()).
  std::unordered_map<size_t, Constraints> visited_;
  bool merge(State &s);
  std::vector<State> work_;
  std::vector<AsyncFinding> protocol_;
  std::set<std::pair<const Stmt *, std::string>> protocolSeen_;
  // Acquires already reported as acquired again: their stage's end of life
  // is the same mistake.
  std::set<const Stmt *> unfinished_;
  std::vector<std::pair<const Stmt *, size_t>> endOfLife_; // (acquire, index in protocol_)
  void endOfLife(const Stmt *acquire, const std::string &message,
                 std::vector<std::pair<SourceLocation, std::string>> notes = {}) {
    size_t before = protocol_.size();
    protocol(acquire, message, std::move(notes));
    if (protocol_.size() > before) endOfLife_.push_back({acquire, before});
  }
  std::vector<Candidate> candidates_;
  std::set<std::string> candidateSeen_;
  // Per root and dimension (shape#i), the uniform parts of the copies'
  // destination indices: one value means the copies do not move along it.
  std::map<const ValueDecl *, std::map<std::string, std::set<std::string>>> observed_;

  // -- values --
  Frame &top(State &s) { return s.frames.back(); }
  bool isTracked(State &s, const VarDecl *v) { return top(s).info->tracked.count(v); }
  bool threadDependentExpr(State &s, const Expr *e);
  AtomId opaque(const Expr *e, State &s);
  std::optional<Lin> evalInt(const Expr *e, State &s);
  std::optional<Lin> binary(BinaryOperatorKind op, const std::optional<Lin> &l, const std::optional<Lin> &r,
                            const Expr *whole, State &s);
  Cond evalCond(const Expr *e, State &s);
  std::optional<Region> regionOfLvalue(const Expr *e, State &s);
  std::optional<Region> regionOfPointer(const Expr *e, State &s);
  std::optional<Region> regionOfInt(const Expr *e, State &s);
  std::optional<Region> regionOfAddress(const Expr *e, State &s);
  int addressOfParam(const FunctionDecl *fd);
  std::map<const FunctionDecl *, int> addressOfParam_;
  Region unknownRegion(const VarDecl *v, const std::string &why);
  int64_t sizeOf(QualType t);
  Val valueOfInit(const VarDecl *v, const Expr *init, State &s);
  void assign(State &s, const VarDecl *v, const Stmt *site);
  void havoc(State &s, const VarDecl *v, const std::string &why, bool threadDependent);

  // -- exploration --
  void explore(State s);
  Outcome process(State &s, const CFGElement &el, bool accessesOnly);
  void branch(State &s, const CFGBlock *b);
  void summarise(State &s, const CFGBlock *b, const FunctionInfo::Summary &sm);
  bool pushFrame(State &s, const CallExpr *call, const FunctionDecl *fd);
  void endOfPath(State &s);

  // -- async state --
  Queue &threadQueue(State &s) { return s.queues[0]; }
  Queue *objectQueue(State &s, const Expr *object, Queue::Kind kind, std::optional<Region> *region = nullptr);
  void apply(State &s, const AsyncOp &op);
  CopyRecord record(State &s, const AsyncOp &op);
  void commit(Queue &q, const Stmt *site);
  void retire(Queue &q, std::optional<int64_t> keep, const AsyncOp &op);
  void access(State &s, const Expr *lvalue, bool write);
  void accessRegion(State &s, const Expr *site, const std::optional<Region> &r, bool write);
  bool anyInFlight(const State &s) const;
  bool passesInFlight(State &s, const CallExpr *call);
  void observe(const CopyRecord &rec);
  std::vector<const CallExpr *> calls(const State &s) const;

  // -- findings --
  const State *current_ = nullptr; // the path an op is applied on, for call notes
  void protocol(const Stmt *site, const std::string &message,
                std::vector<std::pair<SourceLocation, std::string>> notes = {}, SourceLocation insertAt = {},
                std::string insertText = "");
  enum class Verdict { Same, Different, Unknown };
  Verdict verdict(const Candidate &c);
  Verdict dimVerdict(const std::optional<Lin> &c, const std::optional<Lin> &a, bool outer, bool fixed,
                     std::optional<int64_t> bytes, int64_t stride, bool innermost);
  AsyncFinding describe(const Candidate &c);
  std::string text(const Stmt *s, size_t max = 40);
  std::string line(const Stmt *s);
};

// ---- values ----------------------------------------------------------------------------

bool Explorer::threadDependentExpr(State &s, const Expr *e) {
  const FunctionUniformity *fu = top(s).info->uniformity;
  if (!fu) return true;
  return fu->valueOf(e).level != Divergence::Uniform;
}

AtomId Explorer::opaque(const Expr *e, State &s) {
  llvm::FoldingSetNodeID id;
  e->Profile(id, ast_, /*Canonical=*/true);
  std::string key = "e:" + std::to_string(id.ComputeHash()) + ":" + std::to_string(id.computeStableHash());
  // The same expression over different values of the tracked variables it
  // reads is a different atom.
  llvm::SmallVector<const Stmt *, 8> work{e};
  while (!work.empty()) {
    const Stmt *x = work.pop_back_val();
    if (!x) continue;
    if (const auto *dr = dyn_cast<DeclRefExpr>(x))
      if (const auto *v = dyn_cast<VarDecl>(dr->getDecl()); v && isTracked(s, v)) {
        auto it = top(s).env.find(v);
        key += "|" + std::to_string(reinterpret_cast<uintptr_t>(v)) + "=";
        if (it != top(s).env.end()) key += (it->second.num ? it->second.num->key() : "") + (it->second.addr ? it->second.addr->key() : "");
      }
    for (const Stmt *c : x->children()) work.push_back(c);
  }
  return atoms_.intern(key, threadDependentExpr(s, e));
}

int64_t Explorer::sizeOf(QualType t) {
  if (t->isVoidType() || t->isIncompleteType() || t->isDependentType()) return 1;
  std::optional<CharUnits> sz = ast_.getTypeSizeInCharsIfKnown(t);
  return sz && sz->getQuantity() > 0 ? sz->getQuantity() : 1;
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
    Expr::EvalResult r;
    if (e->EvaluateAsInt(r, ast_) && r.Val.isInt() && r.Val.getInt().getSignificantBits() <= 64)
      return Lin::constant(r.Val.getInt().getExtValue());
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
      Region r;
      r.root = v;
      Region::Step st;
      st.index = Lin::constant(0);
      st.stride = sizeOf(v->getType()->getPointeeType());
      r.steps.push_back(st);
      return r;
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
      Region r;
      r.root = p;
      Region::Step st;
      st.index = Lin::constant(0);
      st.stride = sizeOf(p->getType()->getPointeeType());
      r.steps.push_back(st);
      v.addr = r;
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
  // Which value decides the branch: for `if (a && b)` the block that tests
  // b branches on b (a is known there); a `&&` terminator branches on its LHS.
  const Expr *cond = nullptr;
  if (const auto *bo = dyn_cast_or_null<BinaryOperator>(term); bo && bo->isLogicalOp()) cond = bo->getLHS();
  else if (term && !isa<SwitchStmt>(term)) {
    cond = dyn_cast_or_null<Expr>(b->getTerminatorCondition(false));
    while (const auto *lo = dyn_cast_or_null<BinaryOperator>(cond ? cond->IgnoreParens() : nullptr)) {
      if (!lo->isLogicalOp()) break;
      cond = lo->getRHS();
    }
  }

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
        if (!v.addr) {
          Region r;
          r.root = p;
          Region::Step st;
          st.index = Lin::constant(0);
          st.stride = sizeOf(p->getType()->getPointeeType());
          r.steps.push_back(st);
          v.addr = r;
        }
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
    const VarDecl *v = dtor->getVarDecl();
    if (accessesOnly || !isCudaPipelineType(v->getType())) return Outcome::Continue;
    for (Queue &q : s.queues)
      if (q.kind == Queue::Pipeline && q.object == v) {
        if (q.tracked && q.acquired && !q.quit && (!q.threadScope || !q.open.copies.empty()))
          endOfLife(q.acquireSite,
                   "the stage acquired here is never committed: '" + nameOf(v) +
                       "' is destroyed without a producer_commit() after this producer_acquire()",
                   {{dtor->getTriggerStmt() ? dtor->getTriggerStmt()->getEndLoc() : SourceLocation(),
                     "'" + nameOf(v) + "' is destroyed here"}});
        q.tracked = false;
        q.quit = true;
      }
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
        const CallExpr *make = v->getInit() ? makePipelineCall(v->getInit(), ast_) : nullptr;
        Queue *q = nullptr;
        for (Queue &x : s.queues)
          if (x.kind == Queue::Pipeline && x.object == v) q = &x;
        if (!q) {
          s.queues.emplace_back();
          q = &s.queues.back();
        }
        *q = Queue{};
        q->kind = Queue::Pipeline;
        q->object = v;
        q->tracked = make != nullptr;
        if (make) q->partitioned = make->getNumArgs() == 3;
        q->threadScope = isThreadScopePipeline(v->getType());
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

void Explorer::endOfPath(State &s) {
  current_ = &s;
  for (Queue &q : s.queues)
    if (q.kind == Queue::Pipeline && q.tracked && q.acquired && !q.quit && (!q.threadScope || !q.open.copies.empty()))
      endOfLife(q.acquireSite, "the stage acquired here is never committed: the function returns without a "
                              "producer_commit() on '" + nameOf(q.object) + "' after this producer_acquire()");
}

// ---- async state ----------------------------------------------------------------------

std::vector<const CallExpr *> Explorer::calls(const State &s) const {
  std::vector<const CallExpr *> out;
  for (const Frame &f : s.frames)
    if (f.call) out.push_back(f.call);
  return out;
}

Queue *Explorer::objectQueue(State &s, const Expr *object, Queue::Kind kind, std::optional<Region> *region) {
  std::optional<Region> r = regionOfLvalue(object, s);
  if (region) *region = r;
  const ValueDecl *root = r ? r->root : nullptr;
  if (!root) return nullptr;
  for (Queue &q : s.queues)
    if (q.kind == kind && q.object == root) return &q;
  s.queues.emplace_back();
  Queue &q = s.queues.back();
  q.kind = kind;
  q.object = root;
  return &q;
}

CopyRecord Explorer::record(State &s, const AsyncOp &op) {
  CopyRecord rec;
  rec.site = op.site;
  rec.kind = op.kind;
  rec.dst = op.dstIsLvalue ? regionOfLvalue(op.dst, s) : regionOfAddress(op.dst, s);
  if (op.src) rec.src = op.dstIsLvalue ? regionOfLvalue(op.src, s) : regionOfAddress(op.src, s);
  rec.bytes = op.sizeValue;
  if (!rec.bytes && op.size)
    if (std::optional<Lin> n = evalInt(stripConstruction(op.size), s); n && n->isConst()) rec.bytes = n->c;
  if (op.dstIsLvalue && op.dst) rec.bytes = sizeOf(op.dst->getType());
  rec.calls = calls(s);
  observe(rec);
  return rec;
}

void Explorer::observe(const CopyRecord &rec) {
  if (!rec.dst || !rec.dst->root) return;
  auto &obs = observed_[rec.dst->root];
  std::string shape = rec.dst->shape();
  for (size_t i = 0; i < rec.dst->steps.size(); ++i) {
    const Region::Step &st = rec.dst->steps[i];
    if (st.field) continue;
    std::string k = shape + "#" + std::to_string(i);
    if (!st.index) {
      obs[k].insert("?");
      continue;
    }
    Lin u, t;
    splitByThread(atoms_, *st.index, u, t);
    obs[k].insert(u.key());
  }
}

void Explorer::commit(Queue &q, const Stmt *site) {
  for (CopyRecord &c : q.open.copies) c.committed = true;
  q.batches.push_back(std::move(q.open));
  q.open = Batch{};
  if (q.batches.size() > kMaxBatches) q.batches.erase(q.batches.begin());
  q.lastCommit = site;
}

// Completes all committed batches but the newest `keep` (all when unknown).
void Explorer::retire(Queue &q, std::optional<int64_t> keep, const AsyncOp &op) {
  size_t n = q.batches.size();
  size_t left = keep ? size_t(std::max<int64_t>(0, std::min<int64_t>(*keep, int64_t(n)))) : 0;
  q.batches.erase(q.batches.begin(), q.batches.begin() + (n - left));
  for (Batch &b : q.batches)
    for (CopyRecord &c : b.copies) {
      c.survived = op.site, c.survivedText = op.spelling, c.survivedCount = keep, c.survivedUncommitted = false;
      c.survivedPipelineWait = false;
    }
  for (CopyRecord &c : q.open.copies)
    c.survived = op.site, c.survivedText = op.spelling, c.survivedUncommitted = true;
  q.lastWait = op.site;
}

void Explorer::apply(State &s, const AsyncOp &op) {
  auto lineOf = [&](const Stmt *x) { return line(x); };
  switch (op.kind) {
  case AsyncOpKind::CopyToOpenBatch:
    threadQueue(s).open.copies.push_back(record(s, op));
    return;
  case AsyncOpKind::CopyOwnBatch:
    threadQueue(s).open.copies.push_back(record(s, op));
    commit(threadQueue(s), op.site);
    return;
  case AsyncOpKind::Commit:
    commit(threadQueue(s), op.site);
    return;
  case AsyncOpKind::WaitPrior:
  case AsyncOpKind::CommitAndWaitAll: {
    Queue &q = threadQueue(s);
    if (op.kind == AsyncOpKind::CommitAndWaitAll) commit(q, op.site);
    std::optional<int64_t> keep = op.count;
    AsyncOp spelled = op;
    if (!keep && op.countExpr)
      if (std::optional<Lin> n = evalInt(op.countExpr, s); n && n->isConst()) {
        keep = n->c;
        if (isa<GCCAsmStmt>(op.site)) spelled.spelling += " " + std::to_string(*keep);
      }
    // A wait for everything with copies still uncommitted: they are not covered.
    if (keep.value_or(-1) == 0 && !q.open.copies.empty()) {
      const CopyRecord &first = q.open.copies.front();
      bool primitive = isa<CallExpr>(first.site) && first.kind == AsyncOpKind::CopyToOpenBatch;
      SourceLocation insertAt;
      std::string insertText;
      if (primitive && isa<CallExpr>(op.site)) {
        insertAt = op.site->getBeginLoc();
        insertText = "__pipeline_commit(); ";
      }
      protocol(op.site,
               "'" + spelled.spelling + "' does not wait for the copies issued since the last commit: they are not "
               "committed to a batch yet (commit them first, with " +
                   (isa<GCCAsmStmt>(first.site) ? "cp.async.commit_group" : "__pipeline_commit()") + ")",
               {{first.site->getBeginLoc(), "asynchronous copy issued here and not committed"}}, insertAt, insertText);
    }
    retire(q, keep, spelled);
    return;
  }
  case AsyncOpKind::PipeMake: return; // handled with the declaration it initialises
  case AsyncOpKind::CopyToPipeline:
  case AsyncOpKind::PipeAcquire:
  case AsyncOpKind::PipeCommit:
  case AsyncOpKind::PipeWait:
  case AsyncOpKind::PipeWaitPrior:
  case AsyncOpKind::PipeRelease:
  case AsyncOpKind::PipeQuit: {
    Queue *q = objectQueue(s, op.object, Queue::Pipeline);
    if (!q) return;
    std::string name = "'" + nameOf(q->object) + "'";
    if (q->tracked && q->quit) {
      protocol(op.site, name + " is used after quit(): it no longer takes part in the pipeline",
               {{q->quitSite ? q->quitSite->getBeginLoc() : SourceLocation(), "quit() here"}});
      return;
    }
    switch (op.kind) {
    case AsyncOpKind::CopyToPipeline:
      if (q->tracked && !q->acquired)
        protocol(op.site, "cuda::memcpy_async() into pipeline " + name +
                              " outside a stage: no producer_acquire() precedes it on this path, so no stage "
                              "holds the copy");
      q->open.copies.push_back(record(s, op));
      return;
    case AsyncOpKind::PipeAcquire:
      if (q->tracked && q->acquired) {
        unfinished_.insert(q->acquireSite);
        if (q->acquireSite == op.site)
          protocol(op.site, "producer_acquire() on " + name +
                                " again, in the next iteration, before the stage it acquired is committed with "
                                "producer_commit()");
        else
          protocol(op.site, "producer_acquire() on " + name + " again before the stage acquired at line " +
                                lineOf(q->acquireSite) + " is committed with producer_commit()",
                   {{q->acquireSite->getBeginLoc(), "the stage is acquired here"}});
      }
      q->acquired = true;
      q->acquireSite = op.site;
      return;
    case AsyncOpKind::PipeCommit:
      if (q->tracked && !q->acquired) {
        std::vector<std::pair<SourceLocation, std::string>> notes;
        if (q->lastCommit) notes.push_back({q->lastCommit->getBeginLoc(), "the previous stage was committed here"});
        protocol(op.site, "producer_commit() on " + name +
                              " without a producer_acquire() since the last commit: no stage is acquired",
                 notes);
      }
      commit(*q, op.site);
      q->acquired = false;
      return;
    case AsyncOpKind::PipeWait: {
      bool pending = false;
      for (const Batch &b : q->batches) pending = pending || !b.completed;
      if (q->tracked && !q->partitioned && !pending) {
        std::vector<std::pair<SourceLocation, std::string>> notes;
        if (q->acquired) notes.push_back({q->acquireSite->getBeginLoc(), "the stage acquired here is not committed yet"});
        protocol(op.site, "consumer_wait() on " + name +
                              " with no committed stage on this path: it waits for a stage no producer_commit() "
                              "has filled",
                 notes);
      } else if (q->tracked && q->waitsUnreleased > 0) {
        protocol(op.site, "consumer_wait() on " + name + " again before consumer_release() of the stage waited for at line " +
                              lineOf(q->lastWait) + ": each stage must be released before the next is waited for",
                 {{q->lastWait->getBeginLoc(), "the previous consumer_wait()"}});
      }
      // The oldest stage not yet waited for completes.
      for (Batch &b : q->batches)
        if (!b.completed) {
          b.completed = true;
          b.copies.clear();
          break;
        }
      for (Batch &b : q->batches)
        for (CopyRecord &c : b.copies)
          c.survived = op.site, c.survivedText = op.spelling, c.survivedPipelineWait = true,
          c.survivedUncommitted = false, c.survivedCount.reset();
      for (CopyRecord &c : q->open.copies)
        c.survived = op.site, c.survivedText = op.spelling, c.survivedUncommitted = true;
      ++q->waitsUnreleased;
      q->lastWait = op.site;
      return;
    }
    case AsyncOpKind::PipeWaitPrior: {
      std::optional<int64_t> keep = op.count;
      size_t open = 0;
      for (const Batch &b : q->batches) open += !b.completed;
      size_t left = keep ? size_t(std::max<int64_t>(0, std::min<int64_t>(*keep, int64_t(open)))) : 0;
      size_t toComplete = open - left;
      for (Batch &b : q->batches)
        if (!b.completed && toComplete) b.completed = true, b.copies.clear(), --toComplete;
      for (Batch &b : q->batches)
        for (CopyRecord &c : b.copies)
          c.survived = op.site, c.survivedText = op.spelling, c.survivedCount = keep, c.survivedPipelineWait = true,
          c.survivedUncommitted = false;
      for (CopyRecord &c : q->open.copies)
        c.survived = op.site, c.survivedText = op.spelling, c.survivedUncommitted = true;
      q->waitsUnreleased = std::max(q->waitsUnreleased, 1u);
      q->lastWait = op.site;
      return;
    }
    case AsyncOpKind::PipeRelease:
      if (q->tracked && q->waitsUnreleased == 0)
        protocol(op.site, "consumer_release() on " + name +
                              " without a consumer_wait() for the stage: it may still be in flight when a producer "
                              "reuses it");
      if (q->waitsUnreleased) --q->waitsUnreleased;
      if (!q->batches.empty() && q->batches.front().completed) q->batches.erase(q->batches.begin());
      return;
    case AsyncOpKind::PipeQuit:
      q->quit = true;
      q->quitSite = op.site;
      return;
    default: return;
    }
  }
  case AsyncOpKind::CopyToBarrier: {
    std::optional<Region> which;
    Queue *q = objectQueue(s, op.object, Queue::Barrier, &which);
    if (!q) return;
    CopyRecord rec = record(s, op);
    rec.barrier = which;
    if (q->batches.empty()) q->batches.emplace_back();
    q->batches.back().copies.push_back(rec);
    return;
  }
  case AsyncOpKind::BarrierWait: {
    std::optional<Region> which;
    Queue *q = objectQueue(s, op.object, Queue::Barrier, &which);
    if (!q) return;
    // Copies tracked by this barrier complete; by another element of the
    // same barrier array (a different stage) they do not.
    for (Batch &b : q->batches) {
      std::vector<CopyRecord> kept;
      for (CopyRecord &c : b.copies) {
        bool other = false;
        if (which && c.barrier && which->steps.size() == c.barrier->steps.size())
          for (size_t i = 0; i < which->steps.size(); ++i) {
            const auto &x = which->steps[i].index, &y = c.barrier->steps[i].index;
            if (x && y && sameValue(atoms_, *x, *y) == false) other = true;
          }
        if (other) {
          c.survived = op.site, c.survivedText = op.spelling;
          kept.push_back(c);
        }
      }
      b.copies = std::move(kept);
    }
    return;
  }
  default: return;
  }
}

bool Explorer::passesInFlight(State &s, const CallExpr *call) {
  if (!anyInFlight(s) || isa<CXXMemberCallExpr>(call) || isa<CXXOperatorCallExpr>(call)) return false;
  std::set<const ValueDecl *> roots;
  for (const Queue &q : s.queues) {
    auto add = [&](const CopyRecord &c) {
      if (c.dst) roots.insert(c.dst->root);
      if (c.src) roots.insert(c.src->root);
    };
    for (const CopyRecord &c : q.open.copies) add(c);
    for (const Batch &b : q.batches)
      for (const CopyRecord &c : b.copies) add(c);
  }
  for (const Expr *arg : call->arguments()) {
    std::optional<Region> r;
    if (arg->getType()->isPointerType()) r = regionOfPointer(arg, s);
    else if (arg->isGLValue()) r = regionOfLvalue(arg, s);
    if (r && roots.count(r->root)) return true;
  }
  return false;
}

bool Explorer::anyInFlight(const State &s) const {
  for (const Queue &q : s.queues) {
    if (!q.open.copies.empty()) return true;
    for (const Batch &b : q.batches)
      if (!b.copies.empty()) return true;
  }
  return false;
}

void Explorer::access(State &s, const Expr *lvalue, bool write) {
  if (!anyInFlight(s)) return;
  const Expr *e = lvalue->IgnoreParenImpCasts();
  // Locals are not what copies write.
  if (const auto *dr = dyn_cast<DeclRefExpr>(e))
    if (const auto *v = dyn_cast<VarDecl>(dr->getDecl()); v && v->hasLocalStorage() && !v->getType()->isReferenceType())
      return;
  accessRegion(s, lvalue, regionOfLvalue(lvalue, s), write);
}

void Explorer::accessRegion(State &s, const Expr *site, const std::optional<Region> &r, bool write) {
  if (!r || !r->root) return;
  for (const Queue &q : s.queues) {
    auto consider = [&](const CopyRecord &c) {
      for (int which = 0; which < 2; ++which) {
        bool source = which == 1;
        const std::optional<Region> &target = source ? c.src : c.dst;
        if (!target || target->root != r->root || (source && !write)) continue;
        std::string key = std::to_string(reinterpret_cast<uintptr_t>(site)) + "/" +
                          std::to_string(reinterpret_cast<uintptr_t>(c.site)) + "/" + r->key() + "/" + target->key() +
                          "/" + std::to_string(source) + "/" + std::to_string(reinterpret_cast<uintptr_t>(c.survived)) +
                          std::to_string(c.survivedUncommitted);
        if (!candidateSeen_.insert(key).second) continue;
        Candidate cand;
        cand.access = site;
        cand.write = write;
        cand.source = source;
        cand.accessed = *r;
        cand.copy = c;
        cand.queue = q.kind;
        cand.object = q.object;
        cand.calls = calls(s);
        candidates_.push_back(std::move(cand));
      }
    };
    for (const CopyRecord &c : q.open.copies) consider(c);
    for (const Batch &b : q.batches)
      for (const CopyRecord &c : b.copies) consider(c);
  }
}

// ---- verdicts -------------------------------------------------------------------------

Explorer::Verdict Explorer::dimVerdict(const std::optional<Lin> &c, const std::optional<Lin> &a, bool outer,
                                       bool fixed, std::optional<int64_t> bytes, int64_t stride, bool innermost) {
  if (!c || !a) return Verdict::Unknown;
  Lin uc, tc, ua, ta;
  splitByThread(atoms_, *c, uc, tc);
  splitByThread(atoms_, *a, ua, ta);
  // The copies of all threads together fill an inner dimension the copy
  // indexes per thread (`&tile[ty][tx]`): any index there is covered.
  if (!outer && !tc.terms.empty()) return Verdict::Same;
  std::optional<Lin> d = sub(ua, uc);
  if (!d) return Verdict::Unknown;
  if (d->isConst() && d->c == 0) return Verdict::Same;
  if (d->isConst()) {
    // One copy of a known size from a block-uniform place covers its bytes.
    if (tc.terms.empty() && bytes && innermost) {
      int64_t off = d->c * stride;
      return off >= 0 && off < *bytes ? Verdict::Same : Verdict::Different;
    }
    return Verdict::Different;
  }
  if (std::optional<bool> same = sameValue(atoms_, ua, uc)) return *same ? Verdict::Same : Verdict::Different;
  // An inner dimension the copies never move along (`&tile[0][0]`, one
  // block-wide copy) is all one buffer.
  if (!outer && fixed) return Verdict::Same;
  return Verdict::Unknown;
}

Explorer::Verdict Explorer::verdict(const Candidate &c) {
  const Region &copy = c.source ? *c.copy.src : *c.copy.dst;
  const Region &acc = c.accessed;
  // Step by step over the common prefix when the shapes agree there (an
  // access to a field of a copied element is inside the element).
  size_t n = std::min(copy.steps.size(), acc.steps.size());
  bool prefix = true;
  for (size_t i = 0; i < n && prefix; ++i) {
    const Region::Step &x = copy.steps[i], &y = acc.steps[i];
    if (x.field || y.field) prefix = x.field == y.field;
    else prefix = x.stride == y.stride;
  }
  // Different fields of one struct are different memory.
  for (size_t i = 0; i < n; ++i) {
    const Region::Step &x = copy.steps[i], &y = acc.steps[i];
    if (x.field && y.field && x.field != y.field) {
      bool samePath = true;
      for (size_t j = 0; j < i; ++j) samePath = samePath && copy.steps[j].field == acc.steps[j].field;
      if (samePath) return Verdict::Different;
    }
  }
  auto fixedDim = [&](size_t i) {
    if (c.source) return false;
    auto it = observed_.find(copy.root);
    if (it == observed_.end()) return false;
    auto jt = it->second.find(copy.shape() + "#" + std::to_string(i));
    return jt != it->second.end() && jt->second.size() <= 1 && !jt->second.count("?");
  };
  if (prefix) {
    Verdict result = Verdict::Same;
    bool seenIndex = false;
    for (size_t i = 0; i < n; ++i) {
      const Region::Step &x = copy.steps[i], &y = acc.steps[i];
      if (x.field) continue;
      bool outer = !seenIndex;
      seenIndex = true;
      bool innermost = i + 1 == copy.steps.size();
      Verdict v = dimVerdict(x.index, y.index, outer, fixedDim(i), c.copy.bytes, x.stride, innermost);
      if (v == Verdict::Different) return v;
      if (v == Verdict::Unknown) result = v;
    }
    return result;
  }
  std::optional<Lin> fc = copy.flatBytes(ast_), fa = acc.flatBytes(ast_);
  return dimVerdict(fc, fa, true, false, c.copy.bytes, 1, true);
}

// ---- messages --------------------------------------------------------------------------

std::string Explorer::text(const Stmt *s, size_t max) {
  const SourceManager &sm = ast_.getSourceManager();
  CharSourceRange r =
      Lexer::makeFileCharRange(CharSourceRange::getTokenRange(s->getSourceRange()), sm, ast_.getLangOpts());
  if (r.isInvalid()) return "";
  std::string t = Lexer::getSourceText(r, sm, ast_.getLangOpts()).str();
  if (t.size() > max || t.find('\n') != std::string::npos) return "";
  return t;
}

std::string Explorer::line(const Stmt *s) {
  if (!s) return "?";
  return std::to_string(ast_.getSourceManager().getPresumedLineNumber(s->getBeginLoc()));
}

void Explorer::protocol(const Stmt *site, const std::string &message,
                        std::vector<std::pair<SourceLocation, std::string>> notes, SourceLocation insertAt,
                        std::string insertText) {
  if (!site || !protocolSeen_.insert({site, message}).second) return;
  AsyncFinding f;
  f.rule = kPipelineProtocolRule;
  f.loc = site->getBeginLoc();
  f.range = site->getSourceRange();
  f.message = message;
  for (auto &n : notes)
    if (n.first.isValid()) f.notes.push_back(std::move(n));
  if (current_)
    for (const CallExpr *call : calls(*current_))
      f.notes.push_back({call->getBeginLoc(), "in the call to '" +
                                                  (call->getDirectCallee() ? call->getDirectCallee()->getNameAsString()
                                                                           : std::string("?")) +
                                                  "' here"});
  f.insertAt = insertAt;
  f.insertText = std::move(insertText);
  protocol_.push_back(std::move(f));
}

AsyncFinding Explorer::describe(const Candidate &c) {
  const CopyRecord &rec = c.copy;
  AsyncFinding f;
  f.rule = kReadBeforeWaitRule;
  f.loc = c.access->getBeginLoc();
  f.range = c.access->getSourceRange();
  std::string what = text(c.access);
  if (what.empty()) what = nameOf(c.accessed.root);
  std::string object = "'" + nameOf(c.object) + "'";

  std::string reason;
  switch (c.queue) {
  case Queue::Thread:
    if (rec.survived && rec.survivedUncommitted)
      reason = "the copy is not committed to a batch, so '" + rec.survivedText + "' does not wait for it";
    else if (rec.survived && rec.survivedCount) {
      int64_t n = *rec.survivedCount;
      reason = "'" + rec.survivedText + "' leaves the " +
               (n == 1 ? std::string("most recently committed batch") : std::to_string(n) + " most recently committed batches") +
               " in flight, and the copy is in " + (n == 1 ? "it" : "one of them");
    } else if (rec.kind == AsyncOpKind::CopyOwnBatch)
      reason = "nothing waits for it first (cooperative_groups::wait() or wait_prior<N>())";
    else if (isa<GCCAsmStmt>(rec.site))
      reason = rec.committed ? "nothing waits for it first (cp.async.wait_group)"
                             : "nothing waits for it first (cp.async.commit_group, then cp.async.wait_group)";
    else
      reason = rec.committed ? "nothing waits for it first (__pipeline_wait_prior())"
                             : "nothing waits for it first (__pipeline_commit(), then __pipeline_wait_prior())";
    break;
  case Queue::Pipeline:
    if (rec.survived && rec.survivedUncommitted)
      reason = "its stage is not committed, so '" + rec.survivedText + "' does not wait for it";
    else if (rec.survived && rec.survivedCount)
      reason = "'" + rec.survivedText + "' leaves the " + std::to_string(*rec.survivedCount) +
               " most recently committed stage(s) in flight, and the copy is in one of them";
    else if (rec.survived)
      reason = "'" + rec.survivedText + "' waits only for the oldest stage, and the copy belongs to a later one";
    else if (!rec.committed)
      reason = "its stage is not committed (producer_commit()) and waited for (consumer_wait()) first";
    else
      reason = "no consumer_wait() on " + object + " completes its stage first";
    break;
  case Queue::Barrier:
    if (rec.survived)
      reason = "'" + rec.survivedText + "' waits for a different barrier than the one tracking the copy";
    else
      reason = "nothing waits on " + object + " (wait() or arrive_and_wait()) between the copy and this access";
    break;
  }
  if (c.source)
    f.message = "'" + what + "' is modified while an asynchronous copy may still be reading it: " + reason;
  else
    f.message = "'" + what + "' is " + (c.write ? "written" : "read") +
                " while an asynchronous copy into it may still be in flight: " + reason;
  const Region &target = c.source ? *rec.src : *rec.dst;
  f.notes.push_back({rec.site->getBeginLoc(), std::string("asynchronous copy ") + (c.source ? "from" : "into") + " '" +
                                                  nameOf(target.root) + "' issued here"});
  for (const CallExpr *call : rec.calls)
    if (std::find(c.calls.begin(), c.calls.end(), call) == c.calls.end())
      f.notes.push_back({call->getBeginLoc(), "through this call"});
  if (rec.survived) f.notes.push_back({rec.survived->getBeginLoc(), "the copy is still in flight after this wait"});
  for (const CallExpr *call : c.calls)
    f.notes.push_back({call->getBeginLoc(), "in the call to '" +
                                                (call->getDirectCallee() ? call->getDirectCallee()->getNameAsString() : std::string("?")) +
                                                "' here"});
  return f;
}

} // namespace

const std::vector<AsyncFinding> &asyncCopyFindings(AnalysisContext &ctx, const FunctionDecl *fn) {
  Cache &cache = ctx.shared<Cache>("async-copy-paths");
  if (!cache.relevance) cache.relevance = std::make_unique<AsyncRelevance>(ctx.ast());
  auto it = cache.findings.find(fn);
  if (it != cache.findings.end()) return it->second;
  if (!mayHaveAsyncCopyFindingSite(ctx, fn)) return cache.findings[fn]; // nothing to report: not explored
  Explorer explorer(ctx, cache);
  std::vector<AsyncFinding> found = explorer.run(fn);
  return cache.findings[fn] = std::move(found);
}

} // namespace warpcheck
