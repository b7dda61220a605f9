#pragma once
// Which lanes of each warp reach a warp collective, and which mask each
// passes. Guards and masks are evaluated concretely for every thread index
// of a block of up to 1024 threads (threadIdx.x = 0..1023; lane = x % 32,
// warp = x / 32, assuming blockDim.x is a multiple of the warp size), all
// threads in one walk of each expression (ThreadValues); what
// cannot be evaluated is "unknown", and an unknown guard whose value is
// warp-uniform is taken to send the whole warp the same way.
#include "analyzer/uniformity/FunctionUniformity.h"
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace warpcheck {

enum class Reach : uint8_t { No, Maybe, Yes };

struct LaneFacts {
  static constexpr unsigned kWarps = 32; // of 32 lanes in a block of 1024 threads
  unsigned warpSize = 32;
  // The warps of a 1024-thread block: 32, or 16 wavefronts of 64 lanes.
  unsigned warps() const { return 1024 / warpSize; }
  // reach[w][l]: whether lane l of warp w reaches the call.
  std::array<std::array<Reach, 64>, kWarps> reach{};
  // Index into `guards` of the guard that makes a lane No/Maybe (for
  // notes), per warp and lane; -1 for none.
  std::array<std::array<int16_t, 64>, kWarps> blockerIndex{};
  std::vector<Guard> guards;

  const Guard *blocker(unsigned w, unsigned l) const {
    int i = blockerIndex[w][l];
    return i < 0 ? nullptr : &guards[size_t(i)];
  }
};

// The values of one expression for every thread of a block of
// LaneFacts::kWarps * 32 threads (threadIdx.x = 0..1023): one value when it
// is the same for all of them (a constant, a block-uniform symbol), else one
// per thread; nullopt where it cannot be evaluated. An expression is
// evaluated once for the whole block — one walk of its tree, then a loop
// over the threads per operator — not once per thread.
class ThreadValues {
public:
  static constexpr unsigned kThreads = LaneFacts::kWarps * 32;
  ThreadValues() : vals_(1) {} // unknown for every thread
  explicit ThreadValues(std::optional<int64_t> v) : vals_(1, v) {}
  // Unknown for every thread, with room for a value per thread.
  static ThreadValues perThread() {
    ThreadValues t;
    t.vals_.assign(kThreads, std::nullopt);
    return t;
  }
  bool isUniform() const { return vals_.size() == 1; }
  const std::optional<int64_t> &at(unsigned tid) const { return vals_[vals_.size() == 1 ? 0 : tid]; }
  // Thread tid's slot of a perThread() value.
  std::optional<int64_t> &slot(unsigned tid) { return vals_[tid]; }

private:
  std::vector<std::optional<int64_t>> vals_;
};

// The mask argument of a collective, as far as it can be known.
struct MaskFacts {
  enum Kind { Unknown, Concrete, Ballot, ActiveMask } kind = Unknown;
  // Concrete: the mask each lane passes (per warp, per lane); nullopt where
  // that lane's mask could not be evaluated.
  std::array<std::array<std::optional<uint64_t>, 64>, LaneFacts::kWarps> value{};
  const clang::CallExpr *ballot = nullptr;   // Ballot: the __ballot_sync call
  const clang::CallExpr *activemask = nullptr; // ActiveMask: the __activemask call
};

class LaneModel {
public:
  LaneModel(const FunctionUniformity &fu, unsigned warpSize);

  // With `withExits`, guards whose other side only exits the thread count
  // too: lanes that returned early do not reach `call`.
  LaneFacts reachOf(const clang::Stmt *call, bool withExits = false) const;
  MaskFacts maskOf(const clang::Expr *mask) const;

  // Evaluates `e` for every thread of the block at once.
  ThreadValues evaluateAll(const clang::Expr *e) const;
  // Evaluates `e` for the thread with threadIdx.x == tid (evaluateAll for
  // more than one or two threads).
  std::optional<int64_t> evaluate(const clang::Expr *e, unsigned tid) const;

  // The expression a local with a single, plain definition stands for.
  const clang::Expr *definitionOf(const clang::Expr *e) const;

  // Whether guard `g` holds for the ballot's predicate: the mask of
  // `__ballot_sync(m, P)` names exactly the lanes where P held.
  bool guardImpliedByBallot(const Guard &g, const clang::CallExpr *ballot) const;

  // Values of calls the model cannot see into, supplied by a rule (e.g.
  // cooperative groups' tile.thread_rank() is threadIdx.x % N); nullopt for
  // calls it does not know.
  using CallValue = std::function<std::optional<int64_t>(const clang::CallExpr *, unsigned tid)>;
  void setCallValue(CallValue f) { callValue_ = std::move(f); }
  // Values of the leaves the model cannot evaluate on its own — a variable
  // without a single plain definition (a parameter, a loop counter),
  // blockIdx/blockDim/threadIdx.y... — supplied by a rule that knows them
  // (a call site's argument, one iteration of a loop), for every thread;
  // unknown where it does not know them.
  using LeafValue = std::function<ThreadValues(const clang::Expr *leaf)>;
  void setLeafValue(LeafValue f) { leafValue_ = std::move(f); }

private:
  ThreadValues eval(const clang::Expr *e, int depth) const;
  // A call of a function whose body is one `return e;` (a mask or lane
  // helper: `quadMask(lane)`, `group_mask<W>(lane)`, `lane_id()`): `e`
  // with the parameters bound to the arguments' values.
  std::optional<ThreadValues> evalReturnOnlyCall(const clang::CallExpr *call, int depth) const;
  const FunctionUniformity &fu_;
  // The parameters of the helpers being evaluated, innermost last.
  mutable std::vector<std::pair<const clang::ParmVarDecl *, ThreadValues>> bound_;
  unsigned warpSize_;
  CallValue callValue_;
  LeafValue leafValue_;
};

// Structural equality of two expressions (clang's Stmt::Profile).
bool sameExpr(const clang::ASTContext &ast, const clang::Expr *a, const clang::Expr *b);
// Whether `cond` evaluating to `value` means `pred` holds: the same
// expression, or its negation (`!p`, `a >= b` for `a < b`, ...).
bool conditionImplies(const clang::ASTContext &ast, const clang::Expr *cond, bool value, const clang::Expr *pred);

} // namespace warpcheck
