#include "analyzer/analyses/EnteringLanes.h"
#include "analyzer/analyses/DeviceCallers.h"
#include "clang/AST/Attr.h"
#include <algorithm>
#include <map>
#include <tuple>

namespace warpcheck {

using namespace clang;

namespace {

struct EnteringCache {
  std::map<std::tuple<const FunctionDecl *, unsigned, bool>, LaneReach> lanes;
};

constexpr int kMaxDepth = 8;

const LaneReach &entering(AnalysisContext &ctx, EnteringCache &cache, const FunctionDecl *fn, unsigned warpSize,
                          bool withExits, int depth) {
  fn = fn->getCanonicalDecl();
  auto key = std::make_tuple(fn, warpSize, withExits);
  if (auto it = cache.lanes.find(key); it != cache.lanes.end()) return it->second;
  LaneReach &out = cache.lanes[key]; // every lane while in progress (recursion)
  for (auto &warp : out) warp.fill(Reach::Yes);
  // A kernel first: the call index is a walk of the whole unit, not needed
  // when every collective is in a kernel.
  if (fn->hasAttr<CUDAGlobalAttr>() || depth > kMaxDepth) return out;
  const std::vector<DeviceCall> &calls = callsOf(ctx, fn);
  if (calls.empty()) return out;
  LaneReach enters;
  for (auto &warp : enters) warp.fill(Reach::No);
  for (const DeviceCall &c : calls) {
    const FunctionUniformity *caller = ctx.uniformity().function(c.caller);
    if (!caller) return out;
    LaneFacts at = LaneModel(*caller, warpSize).reachOf(c.call, withExits);
    // A copy: the cache may grow (std::map keeps references, but the
    // caller's entry is still being computed when the call graph recurses).
    LaneReach callerEnters = entering(ctx, cache, c.caller, warpSize, withExits, depth + 1);
    for (unsigned w = 0; w < at.warps(); ++w)
      for (unsigned l = 0; l < warpSize; ++l)
        enters[w][l] = std::max(enters[w][l], std::min(at.reach[w][l], callerEnters[w][l]));
  }
  return cache.lanes[key] = enters;
}

} // namespace

const LaneReach &enteringLanes(AnalysisContext &ctx, const FunctionDecl *fn, unsigned warpSize, bool withExits) {
  return entering(ctx, ctx.shared<EnteringCache>("entering-lanes"), fn, warpSize, withExits, 0);
}

void restrictToEnteringLanes(AnalysisContext &ctx, const FunctionDecl *fn, LaneFacts &r, bool withExits) {
  const LaneReach &enters = enteringLanes(ctx, fn, r.warpSize, withExits);
  for (unsigned w = 0; w < r.warps(); ++w)
    for (unsigned l = 0; l < r.warpSize; ++l) r.reach[w][l] = std::min(r.reach[w][l], enters[w][l]);
}

} // namespace warpcheck
