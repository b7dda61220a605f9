// warp-mask-missing-lane: lanes that reach a warp `_sync` intrinsic but are
// not named in the mask they pass (guide §5.4.6.6: "each calling thread must
// have its corresponding bit set in the mask").
#include "analyzer/analyses/EnteringLanes.h"
#include "analyzer/analyses/WarpCollectiveSite.h"
#include "analyzer/checks/Check.h"
#include "analyzer/checks/CheckRegistry.h"
#include "analyzer/checks/DivergenceNotes.h"

namespace warpcheck {
namespace {

using namespace clang;
using namespace clang::ast_matchers;

class WarpMaskMissingLaneCheck : public Check {
public:
  using Check::Check;

  void registerMatchers(MatchFinder &finder) override { finder.addMatcher(warpCollectiveCallMatcher(), this); }
  // The match was `forFunction(functionDecl(isDeviceFunction()))` too: a
  // call outside device code is dropped here, before it is a step of the
  // rule, as the matcher dropped it.
  void run(const MatchFinder::MatchResult &result) override {
    if (deviceFunctionOf(context(), result.Nodes.getNodeAs<CallExpr>("call"))) Check::run(result);
  }

  void check(const MatchFinder::MatchResult &result) override {
    auto site = analyseWarpCollective(context(), result.Nodes.getNodeAs<CallExpr>("call"));
    if (!site) return;
    if (site->mask.kind == MaskFacts::Ballot) return checkBallot(*site);
    if (site->mask.kind != MaskFacts::Concrete) return;
    // Lanes that exited before the call (`if (lane >= 16) return;`) do not
    // reach it: they cannot be missing from its mask.
    LaneFacts r = site->lanes->reachOf(site->call, /*withExits=*/true);
    // A helper's own code is evaluated as if every lane entered it; where
    // the TU calls it, only the lanes its callers let in enter
    // (`if (lane < 16) v = half_sum(v);` with a 0x0000ffff shuffle inside).
    restrictToEnteringLanes(context(), site->function->decl(), r, /*withExits=*/true);
    unsigned ws = r.warpSize;
    bool found = false, definite = false;
    unsigned fw = 0, fl = 0;
    uint64_t fm = 0;
    for (unsigned w = 0; w < r.warps() && !definite; ++w)
      for (unsigned l = 0; l < ws; ++l) {
        if (r.reach[w][l] == Reach::No || !site->mask.value[w][l]) continue;
        uint64_t m = *site->mask.value[w][l];
        if (m >> l & 1) continue;
        if (!found || (r.reach[w][l] == Reach::Yes && !definite)) {
          found = true;
          definite = r.reach[w][l] == Reach::Yes;
          fw = w, fl = l, fm = m;
        }
        if (definite) break;
      }
    if (!found) return;
    FindingBuilder f = diag(site->call->getBeginLoc(),
                            std::string(definite ? "lanes that reach" : "lanes that may reach") + " '" + site->name +
                                "' are missing from its mask " + hexMask(fm) +
                                ": each calling lane must be named in the mask");
    f.range(site->call->getArg(0)->getSourceRange());
    if (definite) f.severity(Severity::Error);
    f.note(maskLoc(site->call),
           "for example " + describeLane(fw, fl, ws) + (definite ? " calls it" : " may call it") +
               " but is not in the mask");
    if (const Guard *g = r.blocker(fw, fl)) noteGuard(f, *g);
  }

private:
  // mask = __ballot_sync(m, P) then a call under guards that do not imply
  // P: lanes that reach the call with P false are not in the mask.
  void checkBallot(const WarpCollectiveSite &site) {
    const CallExpr *ballot = site.mask.ballot;
    if (ballot->getNumArgs() < 2) return;
    const Expr *pred = ballot->getArg(1);
    if (site.function->valueOf(pred).level != Divergence::Thread) return;
    // Guarded by the predicate itself (or it is the condition of an early
    // exit): only lanes named in the mask call.
    const ASTContext &ast = context().ast();
    // `a == aValue` implies `b`, as written or through the locals' definitions.
    auto implies = [&](const Expr *a, bool aValue, const Expr *b) {
      return conditionImplies(ast, a, aValue, b) ||
             conditionImplies(ast, site.lanes->definitionOf(a), aValue, site.lanes->definitionOf(b));
    };
    for (const Guard &g : site.function->guards(site.call, /*withExits=*/true))
      if (!g.bothSides && implies(g.condition, g.taken, pred)) return;
    // On the side of a branch where the predicate is false (`m =
    // __ballot_sync(F, p); if (p) ... else __shfl_sync(m, ...)`): no lane
    // that calls is in the mask.
    for (const Guard &g : site.function->guards(site.call))
      if (!g.bothSides && !g.taken && implies(pred, true, g.condition)) {
        FindingBuilder f = diag(site.call->getBeginLoc(),
                                "no lane that reaches '" + site.name + "' is in its mask: the mask is a ballot of a "
                                "predicate that is false on this path");
        f.range(site.call->getArg(0)->getSourceRange());
        f.severity(Severity::Error);
        f.note(ballot->getBeginLoc(), "the mask is computed here: only lanes where the predicate holds are in it");
        noteGuard(f, g);
        return;
      }
    // Only when the call is on the ballot's own path; elsewhere the lanes
    // that call may be exactly the predicate's, which we cannot tell.
    if (site.reach.guards.size() != site.function->guards(ballot).size()) return;
    FindingBuilder f = diag(site.call->getBeginLoc(),
                            "lanes that reach '" + site.name + "' may be missing from its mask: the mask is a ballot "
                            "of a thread-dependent predicate, and lanes where it is false call too");
    f.range(site.call->getArg(0)->getSourceRange());
    f.note(ballot->getBeginLoc(), "the mask is computed here: only lanes where the predicate holds are in it");
  }
};

} // namespace

CheckFactory warpMaskMissingLaneCheck() { return checkFactory<WarpMaskMissingLaneCheck>(rule::WarpMaskMissingLane); }

} // namespace warpcheck
