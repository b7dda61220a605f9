#pragma once
// The internals of the async-copy path analysis (AsyncCopyPaths.h), one
// Explorer over files with one job each:
//   AsyncCopyPaths.cpp          the exploration core: the worklist, path
//                               states, merging, the budget, and apply(),
//                               which hands each operation to its family;
//   AsyncCopyFunctionInfo.cpp   per-function facts (CFG, branch summaries,
//                               liveness), cached per pass;
//   AsyncCopyEval.cpp           symbolic values of integers, pointers and
//                               conditions along a path;
//   AsyncCopyQueues.cpp         the copies in flight: queues, batches, and
//                               the accesses that hit them;
//   AsyncCopyThreadBatches.cpp  transfer: cp.async, __pipeline_* and
//                               cooperative_groups::memcpy_async batches;
//   AsyncCopyPipeline.cpp       transfer: cuda::pipeline and its protocol;
//   AsyncCopyBarrier.cpp        transfer: cuda::memcpy_async with a cuda::barrier;
//   AsyncCopyFindings.cpp       verdicts and messages.
// Not for use outside these files.
#include "analyzer/analyses/AsyncCopyPaths.h"
#include "analyzer/analyses/AsyncCopyValues.h"
#include "analyzer/core/AnalysisContext.h"
#include "analyzer/cuda/AsyncCopyApi.h"
#include "analyzer/uniformity/FunctionUniformity.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Analysis/Analyses/Dominators.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace warpcheck {
namespace asynccopy {

using namespace clang;

// How far the exploration goes. Paths beyond these are dropped, never
// guessed: a dropped path can hide a finding, not invent one.
constexpr unsigned kMaxFrames = 4;          // inlined helper depth
constexpr unsigned kUnknownIterations = 4;  // iterations followed of a loop whose exit is undecided
constexpr unsigned kMaxVisits = 300;        // visits of one block on one path (decided loops)
constexpr size_t kMaxSteps = 300000;        // elements processed per entry function
constexpr size_t kMaxBatches = 16;          // committed batches remembered per queue

// The tracked variable a statement assigns, if any.
const VarDecl *assignedVar(const Stmt *s);

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
  // Computed on the explorer's first question: the pre-pass
  // (AsyncCopyInFlight.h) builds the facts of functions it never explores.
  std::vector<llvm::BitVector> liveIn;
  llvm::DenseMap<const VarDecl *, unsigned> varIndex; // bit of each variable in liveIn
  bool livenessBuilt = false;
  bool live(unsigned block, const VarDecl *v) {
    if (!livenessBuilt) buildLiveness();
    auto it = varIndex.find(v);
    return it != varIndex.end() && liveIn[block].test(it->second);
  }
  void buildLiveness();

  const Summary &summary(unsigned id);
  bool reach(unsigned from, unsigned to);
};

// Whether a function may do anything the explorer follows: an async
// operation or a call that may perform one, or a cuda::pipeline whose end
// of scope is checked. A walk over the body, without the CFG, dominator
// tree and value facts functionInfo() builds: most device functions do
// nothing asynchronous and are not explored at all.
bool mayDoAsync(AsyncRelevance &relevance, const FunctionDecl *fn);

// What opaque() needs of an expression that does not depend on the path:
// its profile (as the start of an atom key) and the variables it reads, in
// the order opaque() walks them. Computed once per expression and pass.
struct ExprProfile {
  std::string key;
  llvm::SmallVector<const VarDecl *, 4> vars;
};

struct Cache {
  std::unique_ptr<AsyncRelevance> relevance;
  llvm::DenseMap<const Expr *, ExprProfile> profiles;
  // Each expression's value as a constant, or nullopt when it has none:
  // clang's evaluator, asked once per expression and pass instead of at
  // every evaluation on every path.
  llvm::DenseMap<const Expr *, std::optional<int64_t>> constants;
  std::map<const FunctionDecl *, std::unique_ptr<FunctionInfo>> infos;
  std::map<const FunctionDecl *, std::vector<AsyncFinding>> findings;
};

// The pass's cache (in the AnalysisContext), its relevance set up.
Cache &passCache(AnalysisContext &ctx);

// The facts of `fn`, built on first use; null when it has no CFG.
FunctionInfo *functionInfo(AnalysisContext &ctx, Cache &cache, const FunctionDecl *fn);

// ---- path state ------------------------------------------------------------

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
  // The hash of the frames below this one (frameStackHash), taken when it
  // was pushed: they do not change until it returns, and hashing them again
  // at every block it enters was most of hashState's time in deep calls.
  size_t below = 0;
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

std::string nameOf(const ValueDecl *d);

// The comparison that holds when `op` (a BinaryOperatorKind) does not.
int negate(int op);

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

// The expression under conversions and constructions of temporaries.
const Expr *stripConstruction(const Expr *e);

// The value that decides the two-way branch ending `b`, as the explorer
// reads it: for `if (a && b)` the block that tests b branches on b (a is
// known there); a `&&`/`||` terminator branches on its LHS. Null for a
// switch or a block without a condition. AsyncCopyInFlight mirrors the
// explorer's choices through it.
const Expr *branchCondition(const CFGBlock *b);

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
  Region pointeeRegion(const clang::VarDecl *v);
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
  // The transfer functions, one per API family.
  void applyThreadBatches(State &s, const AsyncOp &op); // cp.async, __pipeline_*, cooperative_groups
  void applyPipeline(State &s, const AsyncOp &op);      // cuda::pipeline
  void applyBarrier(State &s, const AsyncOp &op);       // cuda::memcpy_async with a cuda::barrier
  void pipelineDeclared(State &s, const VarDecl *v);
  void pipelineDestroyed(State &s, const CFGAutomaticObjDtor &dtor);
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

} // namespace asynccopy
} // namespace warpcheck
