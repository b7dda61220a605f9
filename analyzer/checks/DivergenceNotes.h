#pragma once
// Notes shared by the divergence rules: the branch a statement depends on,
// where the divergence comes from, and interprocedural chains.
#include "analyzer/checks/CheckContext.h"
#include "analyzer/uniformity/ProgramUniformity.h"

namespace warpcheck {

// "the branch depends on threadIdx.x" at the condition, then where the
// divergent value comes from.
void noteGuard(FindingBuilder &f, const Guard &g);
// One note per step of a call chain down to a barrier.
void noteChain(FindingBuilder &f, const std::vector<ChainStep> &chain);
// "thread-dependent" / "warp-dependent"
std::string levelAdjective(Divergence d);
// The innermost guard at least as divergent as `min`, or null.
const Guard *firstDivergentGuard(const std::vector<Guard> &guards, Divergence min);

} // namespace warpcheck
