// warp-mask-nonuniform: lanes meeting at one warp `_sync` call with masks
// that differ but overlap (guide §5.4.6.6: all non-exited threads named in
// the mask must pass the same mask; disjoint masks are allowed).
#include "analyzer/analyses/WarpCollectiveSite.h"
#include "analyzer/checks/Check.h"
#include "analyzer/checks/CheckRegistry.h"

namespace warpcheck {
namespace {

using namespace clang;
using namespace clang::ast_matchers;

class WarpMaskNonuniformCheck : public Check {
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
    if (!site || site->mask.kind != MaskFacts::Concrete) return;
    const LaneFacts &r = site->reach;
    unsigned ws = r.warpSize;
    for (unsigned w = 0; w < r.warps(); ++w)
      for (unsigned a = 0; a < ws; ++a) {
        if (r.reach[w][a] == Reach::No || !site->mask.value[w][a]) continue;
        uint64_t ma = *site->mask.value[w][a];
        for (unsigned b = a + 1; b < ws; ++b) {
          if (r.reach[w][b] == Reach::No || !site->mask.value[w][b]) continue;
          uint64_t mb = *site->mask.value[w][b];
          // A lane named in another's mask must pass that same mask.
          if (ma == mb || !((ma >> b & 1) || (mb >> a & 1))) continue;
          FindingBuilder f = diag(site->call->getBeginLoc(),
                                  "lanes calling '" + site->name + "' pass different masks that overlap (" +
                                      hexMask(ma) + " and " + hexMask(mb) +
                                      "): lanes named in a mask must all pass that same mask");
          f.range(site->call->getArg(0)->getSourceRange());
          f.note(maskLoc(site->call),
                 describeLane(w, a, ws) + " passes " + hexMask(ma) + ", " + describeLane(w, b, ws) + " passes " +
                     hexMask(mb));
          return;
        }
      }
  }
};

} // namespace

CheckFactory warpMaskNonuniformCheck() { return checkFactory<WarpMaskNonuniformCheck>(rule::WarpMaskNonuniform); }

} // namespace warpcheck
