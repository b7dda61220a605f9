#pragma once
// Warp collectives reached through device helpers (`warp_reduce_sum(v)`
// running `__shfl_xor_sync(0xffffffff, ...)`): the lanes that execute the
// collective are the lanes that reach each call chain to it, so a mask that
// names the whole warp is only right where every lane of the warp calls.
#include "analyzer/core/AnalysisContext.h"
#include "analyzer/uniformity/CallChainSearch.h"
#include <vector>

namespace warpcheck {

// Whether every lane that enters `fn` runs a warp collective whose mask is
// the constant full-warp mask: directly, or through helpers it calls, in
// both cases under control that is the same for the lanes of a warp.
// `chain` receives the calls down to the collective (for notes).
bool runsFullWarpCollective(AnalysisContext &ctx, const clang::FunctionDecl *fn, std::vector<ChainStep> *chain);

} // namespace warpcheck
