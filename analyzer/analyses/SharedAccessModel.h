#pragma once
// The shared-memory accesses of device code as the threads of one block
// perform them, for warp-synchronous-exchange checks:
//
// - which bytes of which __shared__ variable each thread touches, evaluated
//   concretely for threadIdx.x = 0..1023 with the lane model, each
//   expression once for all the threads (block-uniform unknowns such as
//   blockIdx or a kernel parameter become symbols that are the same for
//   every thread; counters of loops like `for (o = 16; o > 0; o >>= 1)`
//   are enumerated);
// - which threads reach each access (guards, early exits, call sites);
// - which accesses can follow each other with no barrier, __syncwarp() or
//   fence in between (paths over clang's CFG).
//
// A device function is analysed once per chain of call sites (a "frame"),
// so that `warpReduce(volatile int *s, int tid)` sees the shared array and
// the thread index its caller passes.
#include "analyzer/core/AnalysisContext.h"
#include "analyzer/uniformity/FunctionUniformity.h"
#include "analyzer/uniformity/LaneModel.h"
#include "clang/AST/StmtCXX.h"
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <vector>

namespace warpcheck {

// A for loop whose counter takes a known list of values in one frame.
struct CountedLoop {
  const clang::ForStmt *loop = nullptr;
  const clang::VarDecl *var = nullptr;
  std::vector<int64_t> values;
  unsigned index = 0; // in its frame's loops (bit of a path's crossing mask)
};

// A device function analysed for one chain of call sites; a kernel, or a
// function with no caller in the translation unit, has none.
struct Frame {
  const clang::FunctionDecl *fn = nullptr;
  const FunctionUniformity *fu = nullptr;
  std::unique_ptr<LaneModel> lanes;
  const clang::CallExpr *callSite = nullptr; // in parent->fn
  const Frame *parent = nullptr;
  std::vector<CountedLoop> loops;
};

// One load and/or store of shared memory in one frame.
struct SharedAccess {
  const clang::Expr *expr = nullptr;   // the lvalue
  const clang::Stmt *anchor = nullptr; // its CFG element (expr or the nearest enclosing one)
  const Frame *frame = nullptr;
  bool reads = false, writes = false;
  bool isVolatile = false;
  const clang::VarDecl *var = nullptr; // the __shared__ variable
  struct Term {
    const clang::Expr *e;
    const Frame *frame;
    int64_t scale;
  };
  std::vector<Term> terms; // byte offset in `var` = offset + sum of e * scale
  int64_t offset = 0;
  int64_t size = 0;
  // Counted loops around the access and around its frame's call sites.
  std::vector<const CountedLoop *> loops;
};

class SharedAccessModel {
public:
  static constexpr unsigned kThreads = LaneFacts::kWarps * 32;

  explicit SharedAccessModel(AnalysisContext &ctx);
  ~SharedAccessModel();

  // Finds the frames and accesses of the TU. Functions in system headers
  // are left out unless findings there are reportable.
  void build();

  // The frames whose accesses were collected (not the callers' frames
  // made only to give them a context).
  const std::vector<Frame *> &frames() const { return analysed_; }
  const std::vector<const SharedAccess *> &accessesOf(const Frame &f) const;

  // The accesses of the same frame that can run after `a` with no
  // ordering operation in between (after a read, a full-mask warp
  // collective orders too: see ordersLanesAfterRead), each with the counted loops (bits of
  // a.frame->loops) whose increment the path passes.
  const std::vector<std::pair<const SharedAccess *, uint64_t>> &followers(const SharedAccess &a);

  // One assignment of counted-loop counters.
  using Counters = std::map<const clang::VarDecl *, int64_t>;

  // Which threads may reach `s` (an expression or statement of f.fn) and
  // its frame's call sites, under `counters`.
  LaneFacts reach(const Frame &f, const clang::Stmt *s, const Counters &counters);

  struct Table {
    bool known = true;
    std::array<Reach, kThreads> reach{};
    std::array<int64_t, kThreads> addr{};
  };
  // Per-thread byte offsets of `a` under `counters`, with block-uniform
  // unknowns replaced by symbol set `symbols` (0 or 1).
  const Table &table(const SharedAccess &a, const Counters &counters, int symbols);

  // Whether the evaluation budget of the TU is spent (the rule then stops).
  bool exhausted() const { return budget_ <= 0; }

  // Ordering operations: barriers, __syncwarp(), cooperative groups' sync,
  // fences, and calls of functions that may execute one.
  bool isOrdering(const clang::Stmt *s);

  // `s` itself when it is an element of fn's CFG (what reach() can place),
  // else the expression under its implicit nodes when that is one, else null.
  const clang::Stmt *cfgElement(const clang::FunctionDecl *fn, const clang::Stmt *s);

  // The statement of f.fn's parent map that contains `s`.
  const clang::Stmt *parentOf(const clang::FunctionDecl *fn, const clang::Stmt *s);

private:
  struct FunctionInfo;
  FunctionInfo &info(const clang::FunctionDecl *fn);
  void addFrames(const clang::FunctionDecl *fn);
  void collectAccesses(Frame &f);
  void countLoops(Frame &f);
  ThreadValues leaf(const Frame &f, const clang::Expr *e);
  bool lvalueAddr(const clang::Expr *e, const Frame &f, SharedAccess &a, int depth);
  bool pointerAddr(const clang::Expr *e, const Frame &f, SharedAccess &a, int depth);
  const clang::Expr *argumentFor(const Frame &f, const clang::ParmVarDecl *p) const;
  bool mayOrder(const clang::FunctionDecl *fn, int depth);
  bool ordersAfterRead(const clang::Stmt *s);
  bool runsCollectiveAlways(const clang::Stmt *s, int depth);
  bool helperRunsCollectiveAlways(const clang::FunctionDecl *fn, int depth);

  AnalysisContext &ctx_;
  std::vector<std::unique_ptr<Frame>> frames_;
  std::map<const clang::FunctionDecl *, std::unique_ptr<FunctionInfo>> infos_;
  std::map<const Frame *, std::vector<const SharedAccess *>> accesses_;
  std::vector<std::unique_ptr<SharedAccess>> accessStore_;
  std::map<const SharedAccess *, std::vector<std::pair<const SharedAccess *, uint64_t>>> followers_;
  std::map<const Frame *, std::multimap<const clang::Stmt *, const SharedAccess *>> byAnchor_;
  // Counted full-mask shuffle loops with no access of the frame inside.
  std::map<std::pair<const Frame *, const clang::ForStmt *>, bool> quietCollectiveLoops_;
  std::map<std::tuple<const SharedAccess *, std::vector<int64_t>, int>, std::unique_ptr<Table>> tables_;
  std::map<const clang::FunctionDecl *, int> ordering_; // 0 computing, 1 no, 2 yes
  std::map<const clang::FunctionDecl *, bool> helperCollective_; // helperRunsCollectiveAlways, memoised
  std::map<const clang::FunctionDecl *, std::vector<std::pair<const clang::FunctionDecl *, const clang::CallExpr *>>>
      callers_;
  std::map<std::string, int64_t> symbolIndex_;
  std::map<const clang::FunctionDecl *, std::vector<Frame *>> framesOf_;
  std::vector<Frame *> analysed_;
  // Evaluation state read by the frames' leaf callbacks.
  const Counters *counters_ = nullptr;
  int symbols_ = -1; // -1: guard mode, unknowns stay unknown
  long long budget_ = 60'000'000; // in single-thread leaf evaluations
  static constexpr long long kLeafCost = 32; // of one leaf evaluated for every thread
};

} // namespace warpcheck
