// warp-mask-inactive-lane: a warp `_sync` intrinsic whose mask names lanes
// that cannot (or may not) reach the call on that path, e.g. 0xffffffff
// inside `if (lane < 16)` or inside a bounds check `if (i < n)`; also a
// call to a helper that runs a full-mask collective (`warp_reduce_sum(v)`)
// under such a guard of the caller.
#include "analyzer/analyses/EnteringLanes.h"
#include "analyzer/analyses/WarpCollectiveSite.h"
#include "analyzer/analyses/WarpHelperCollective.h"
#include "analyzer/checks/Check.h"
#include "analyzer/checks/CheckRegistry.h"
#include "analyzer/checks/DivergenceNotes.h"
#include "analyzer/cuda/CudaBuiltins.h"

namespace warpcheck {
namespace {

using namespace clang;
using namespace clang::ast_matchers;

class WarpMaskInactiveLaneCheck : public Check {
public:
  using Check::Check;

  void registerMatchers(MatchFinder &finder) override {
    finder.addMatcher(warpCollectiveCallMatcher(), this);
    finder.addMatcher(callExpr(callee(functionDecl(hasBody(stmt())))).bind("helper-call"), this);
  }

  // Both matches were `forFunction(functionDecl(isDeviceFunction()))` too:
  // a call outside device code is dropped here, before it is a step of the
  // rule, as the matchers dropped it (every call of the unit to a function
  // with a body is a candidate: this lookup replaces a walk up the parent
  // map per call).
  void run(const MatchFinder::MatchResult &result) override {
    const auto *call = result.Nodes.getNodeAs<CallExpr>("helper-call");
    if (!call) call = result.Nodes.getNodeAs<CallExpr>("call");
    if (deviceFunctionOf(context(), call)) Check::run(result);
  }

  void check(const MatchFinder::MatchResult &result) override {
    if (const auto *call = result.Nodes.getNodeAs<CallExpr>("helper-call")) return checkHelperCall(call);
    auto site = analyseWarpCollective(context(), result.Nodes.getNodeAs<CallExpr>("call"));
    if (!site) return;
    if (site->mask.kind == MaskFacts::Ballot) return checkBallot(*site);
    if (site->mask.kind != MaskFacts::Concrete) return;
    LaneFacts r = site->reach;
    // A helper's own code is evaluated as if every lane entered it; where
    // the TU calls it, only the lanes its callers let in enter (a shuffle
    // naming the low half-warp in a helper the high half calls). A mask
    // naming the whole warp is left to the calls (checkHelperCall), which
    // report the chain.
    if (!namesWholeWarp(*site)) restrictToEnteringLanes(context(), site->function->decl(), r, /*withExits=*/false);
    unsigned ws = r.warpSize;
    // Find a calling lane whose mask names a lane that cannot reach the call
    // (definite), else one that may not (thread-dependent guard).
    struct Witness { unsigned warp, caller, named; uint64_t mask; bool definite; } best{0, 0, 0, 0, false};
    bool found = false;
    for (unsigned w = 0; w < r.warps(); ++w)
      for (unsigned l = 0; l < ws; ++l) {
        if (r.reach[w][l] == Reach::No || !site->mask.value[w][l]) continue;
        uint64_t m = *site->mask.value[w][l];
        for (unsigned o = 0; o < ws; ++o) {
          if (!(m >> o & 1) || r.reach[w][o] == Reach::Yes) continue;
          bool definite = r.reach[w][o] == Reach::No;
          if (!found || (definite && !best.definite)) best = {w, l, o, m, definite};
          found = true;
        }
      }
    if (!found) return;
    const Guard *why = r.blocker(best.warp, best.named);
    std::string head = "mask " + hexMask(best.mask) + " of '" + site->name + "' names " +
                       (best.definite ? "lanes that cannot reach this call"
                                      : "lanes that may not reach this call");
    FindingBuilder f = diag(site->call->getBeginLoc(),
                            head + (best.definite ? ": the call has undefined behaviour (it may hang)"
                                                  : ": if one of them is not there, the call has undefined behaviour"));
    f.range(site->call->getArg(0)->getSourceRange());
    if (best.definite) f.severity(Severity::Error);
    f.note(maskLoc(site->call),
           "for example " + describeLane(best.warp, best.named, ws) + " is in the mask but " +
               (best.definite ? "does not reach the call" : "may not reach the call"));
    if (why) noteGuard(f, *why);
  }

private:
  // Whether every lane that reaches the site passes the full-warp mask.
  static bool namesWholeWarp(const WarpCollectiveSite &site) {
    const LaneFacts &r = site.reach;
    uint64_t full = fullWarpMask(r.warpSize);
    for (unsigned w = 0; w < r.warps(); ++w)
      for (unsigned l = 0; l < r.warpSize; ++l)
        if (r.reach[w][l] != Reach::No && (!site.mask.value[w][l] || (*site.mask.value[w][l] & full) != full))
          return false;
    return true;
  }

  // The lanes that reach a collective inside a helper are the lanes that
  // reach the call of the helper: the same lane-by-lane question, asked at
  // the call, with the chain down to the collective as notes.
  void checkHelperCall(const CallExpr *call) {
    if (!context().isReportable(call->getBeginLoc())) return;
    std::vector<ChainStep> chain;
    if (!runsFullWarpCollective(context(), call->getDirectCallee(), &chain)) return;
    ProgramUniformity &program = context().uniformity();
    const FunctionDecl *fn = program.enclosingFunction(call);
    if (!fn || fn->isDependentContext()) return;
    const FunctionUniformity *fu = program.function(fn);
    if (!fu) return;
    LaneModel lanes(*fu, context().options().warpSize);
    const LaneFacts r = lanes.reachOf(call);
    unsigned ws = r.warpSize;
    // A lane of a warp that has a caller, which itself does not reach the
    // call: the full mask names it. Prefer one that cannot reach it.
    bool found = false, definite = false;
    unsigned fw = 0, fl = 0;
    for (unsigned w = 0; w < r.warps() && !definite; ++w) {
      bool anyCaller = false;
      for (unsigned l = 0; l < ws; ++l) anyCaller |= r.reach[w][l] != Reach::No;
      if (!anyCaller) continue;
      for (unsigned l = 0; l < ws; ++l) {
        if (r.reach[w][l] == Reach::Yes || (found && r.reach[w][l] != Reach::No)) continue;
        found = true;
        definite = r.reach[w][l] == Reach::No;
        fw = w, fl = l;
        if (definite) break;
      }
    }
    if (!found) return;
    std::string callee = call->getDirectCallee()->getNameAsString();
    FindingBuilder f = diag(call->getBeginLoc(),
                            "'" + callee + "' runs a warp collective whose mask names every lane of the warp, but " +
                                (definite ? "lanes that cannot reach this call" : "lanes that may not reach this call") +
                                " are in it: the collective has undefined behaviour (it may hang)");
    if (definite) f.severity(Severity::Error);
    f.note(call->getBeginLoc(), "for example " + describeLane(fw, fl, ws) + " is in the mask but " +
                                    (definite ? "does not reach the call" : "may not reach the call"));
    if (const Guard *why = r.blocker(fw, fl)) noteGuard(f, *why);
    noteChain(f, chain);
  }

  // mask = __ballot_sync(m, P): the mask names the lanes where P held at
  // the ballot. A thread-dependent guard of the call that neither the
  // ballot shares nor P implies may leave some of them out.
  void checkBallot(const WarpCollectiveSite &site) {
    for (const Guard &g : site.reach.guards) {
      if (g.level.level != Divergence::Thread || site.lanes->guardImpliedByBallot(g, site.mask.ballot)) continue;
      FindingBuilder f = diag(site.call->getBeginLoc(),
                              "the mask of '" + site.name + "' names lanes that may not reach this call: it is a "
                              "ballot taken before a thread-dependent branch that the predicate does not imply");
      f.range(site.call->getArg(0)->getSourceRange());
      f.note(site.mask.ballot->getBeginLoc(), "the mask is computed here");
      noteGuard(f, g);
      return;
    }
  }
};

} // namespace

CheckFactory warpMaskInactiveLaneCheck() { return checkFactory<WarpMaskInactiveLaneCheck>(rule::WarpMaskInactiveLane); }

} // namespace warpcheck
