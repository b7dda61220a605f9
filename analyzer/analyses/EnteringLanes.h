#pragma once
// Which lanes of each warp enter a device helper: those that reach one of
// the calls the TU makes of it, each call reached by the lanes that enter
// its caller and then reach the call there, along every chain of callers up
// to a kernel (`if (lane < 16) v = mid(v);` with `mid` calling
// `half_sum`). The warp-mask rules evaluate a helper's own code as if every
// lane entered it; this narrows that to the lanes its callers let in.
#include "analyzer/core/AnalysisContext.h"
#include "analyzer/uniformity/LaneModel.h"
#include <array>

namespace warpcheck {

using LaneReach = std::array<std::array<Reach, 64>, LaneFacts::kWarps>;

// Every lane enters a kernel, a function the TU does not call, one with a
// caller the analysis does not have (host code, another TU's) and one whose
// chains of callers are deeper than the search goes. With `withExits`,
// lanes that left a caller early (`if (lane >= 16) return;`) do not reach
// its later calls (LaneModel::reachOf).
const LaneReach &enteringLanes(AnalysisContext &ctx, const clang::FunctionDecl *fn, unsigned warpSize,
                               bool withExits);

// `r` (the lanes that reach a statement of `fn`, every lane taken to enter
// it) narrowed to the lanes that enter `fn`: a lane reaches the statement
// when it enters and then reaches it; definitely only if both are definite.
void restrictToEnteringLanes(AnalysisContext &ctx, const clang::FunctionDecl *fn, LaneFacts &r, bool withExits);

} // namespace warpcheck
