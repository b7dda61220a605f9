#pragma once
// Whether exploring an entry's paths (AsyncCopyPaths.cpp) can report
// anything, decided by a pass that follows no path: one walk of each CFG
// with two facts per point, whether a copy may be in flight and whether the
// thread's open (uncommitted) batch may hold one, joined where paths meet.
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
// Helpers the explorer may inline are followed through summaries: the facts
// at a callee's ways out, from the facts at its entry, computed once per
// callee and entry facts (four entry states at most) and reused by every
// call and every entry that reaches the callee with those facts, as in
// interprocedural dataflow with function summaries (IFDS tabulation).
//
// The pass over-approximates the explorer: it takes both sides of every
// branch, every iteration of every loop, and every helper the explorer may
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

namespace warpcheck {
namespace asynccopy {

struct InFlight {
  bool any = false;  // a copy may be in flight (committed or not, in any queue)
  bool open = false; // the thread's open batch may hold a copy
  InFlight join(InFlight o) const { return {any || o.any, open || o.open}; }
  bool operator==(const InFlight &o) const { return any == o.any && open == o.open; }
  uint8_t bits() const { return uint8_t(any) | uint8_t(open) << 1; }
};

// A callee's effect from one entry state.
struct InFlightSummary {
  bool mayReport = false; // a finding site may be reached: nothing else is known
  InFlight exit;          // the facts where its paths return (joined)
};

// The summaries of one pass, by (definition, entry facts), and how often
// they were computed and reused (for the tests and the time report's
// readers).
struct InFlightMemo {
  std::map<std::pair<const FunctionDecl *, uint8_t>, InFlightSummary> summaries;
  std::set<const FunctionDecl *> inProgress; // on the pass's call stack: recursion is "may report"
  std::map<const FunctionDecl *, std::set<const VarDecl *>> privateLocals; // by the function that declares them
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
