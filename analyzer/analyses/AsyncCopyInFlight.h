#pragma once
// Whether exploring an entry's paths (AsyncCopyPaths.cpp) can report
// anything, decided by a pass that follows no path: one walk of each CFG
// with two facts per point, whether a copy may be in flight and whether the
// thread's open (uncommitted) batch may hold one, with the roots of those
// copies' regions, joined where paths meet.
//
// The explorer reports at an access while a copy is in flight (a candidate),
// at a wait while the open batch holds a copy (a protocol finding), and at
// cuda::pipeline and cuda::barrier operations. A function where no access
// is reached with a copy in flight, no such wait is reached, and none of
// the other operations appears can only issue, commit and wait for copies:
// its exploration finds nothing and is skipped. ggml's flash-attention
// kernels and helpers have that shape (every read of a tile comes after
// cp.async.wait_all): exploring them was most of lint's analysis time on
// fattn.cu, for no finding.
//
// Copies are told apart by their buffers, as the explorer does: an access
// is a candidate only against a copy whose destination (or, for a write,
// source) region has the same root (Explorer::accessRegion). The pass keeps
// the roots the copies in flight may have, and evaluates an access's roots
// as Explorer::regionOf* computes a region, case for case, each variable's
// value being the roots it may hold anywhere in its frame (what the
// parameters are bound to at the call, joined with every declaration and
// assignment of the function, to a fixed point): ggml's flash-attention
// kernels read their K and V tiles while the mask's copies are in flight,
// which a single "a copy may be in flight" fact took as a possible
// finding (so fattn.cu's 152 entries were explored, for none).
//
// Helpers the explorer may inline are followed through summaries: the facts
// at a callee's ways out, from the facts at its entry, computed once per
// callee, entry facts and the roots its parameters are bound to, and
// reused by every call and every entry that reaches the callee with those,
// as in interprocedural dataflow with function summaries (IFDS tabulation).
//
// The pass over-approximates the explorer: it takes both sides of every
// branch (but those the explorer decides from constants alone, and the
// way out of a `for` loop on its first test where the explorer enters it
// from a constant start: Pass::enteredLoopInit), every iteration of every
// loop, and every helper the explorer may
// inline (deeper than the explorer's inlining limit), so what the explorer
// can reach it reaches too. Anything it does not model (a pipeline or
// barrier, a wait whose count depends on the path while the open batch may
// hold a copy, recursion) counts as "may report": the entry is explored as
// before. WARPCHECK_VERIFY_ASYNC_IN_FLIGHT=1 in the environment explores
// the skipped entries too and aborts if one of them reports.
#include "analyzer/analyses/AsyncCopyExplorer.h"
#include <cstdint>
#include <map>
#include <set>
#include <utility>
#include <vector>

namespace warpcheck {
namespace asynccopy {

// The roots (Region::root) a copy's destination or source may have, sorted
// by address, each once.
using Roots = llvm::SmallVector<const clang::ValueDecl *, 4>;

struct InFlight {
  bool any = false;  // a copy may be in flight (committed or not, in any queue)
  bool open = false; // the thread's open batch may hold a copy
  // Whether the roots below are known; when not (InFlight{true, ...} as the
  // tests build it), a copy in flight may have any root.
  bool known = false;
  // The roots of the copies that may be in flight: their destinations and
  // sources (`dst`, `src`), and of those that may be in the open batch. A
  // copy whose region the explorer does not know (nullopt) has none: no
  // access is a candidate against it (Explorer::accessRegion).
  Roots dst, src, openDst, openSrc;
  InFlight join(const InFlight &o) const;
  bool operator==(const InFlight &o) const {
    return any == o.any && open == o.open && known == o.known && dst == o.dst && src == o.src &&
           openDst == o.openDst && openSrc == o.openSrc;
  }
};

// A callee's effect from one entry state.
struct InFlightSummary {
  bool mayReport = false; // a finding site may be reached: nothing else is known
  InFlight exit;          // the facts where its paths return (joined)
};

struct LoopFacts {
  std::vector<const Stmt *> last;
  std::vector<const DeclStmt *> enteredInit;
};

// The summaries of one pass, by (definition, entry facts), and how often
// they were computed and reused (for the tests and the time report's
// readers).
struct InFlightMemo {
  // By the callee, its entry facts and the roots its parameters are bound
  // to (see Pass::summary), flattened.
  std::map<std::vector<const void *>, InFlightSummary> summaries;
  std::set<const FunctionDecl *> inProgress; // on the pass's call stack: recursion is "may report"
  std::map<const FunctionDecl *, std::set<const VarDecl *>> privateLocals; // by the function that declares them
  // Per function: the values its declarations and plain assignments store
  // (Pass::frameEnv).
  std::map<const FunctionDecl *, std::vector<std::pair<const VarDecl *, const Expr *>>> stores;
  // Per function, by block: its last statement, and for a `for` loop the
  // explorer enters on its first test, the initialisation's DeclStmt
  // (Pass::enteredLoopInit).
  std::map<const FunctionDecl *, LoopFacts> loops;
  size_t computed = 0, reused = 0;
};

InFlightMemo &inFlightMemo(AnalysisContext &ctx);

// The summary of `fn` entered with `entry` (through the pass's memo).
InFlightSummary inFlightSummary(AnalysisContext &ctx, Cache &cache, const FunctionDecl *fn, InFlight entry);

// False only when exploring `entry` cannot report: no copy in flight at
// entry, and no finding site reached under the facts above.
bool mayReportInFlight(AnalysisContext &ctx, Cache &cache, const FunctionDecl *entry);

} // namespace asynccopy
} // namespace warpcheck
