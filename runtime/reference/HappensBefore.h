#pragma once
// One pass of the vector-clock simulation of the model over a trace: which
// pairs of accesses race, and which syncwarps named lanes that neither
// exited nor took part, or took part from another program point or with
// another mask.
#include "runtime/reference/MemoryModel.h"
#include "runtime/reference/Trace.h"
#include <cstdint>
#include <set>
#include <utility>
#include <vector>

namespace warpcheck::reference {

// A __syncwarp group whose mask named lanes that did not take part as
// rule 4 asks (docs/run-memory-model.md).
struct SyncwarpLanes {
  uint32_t syncwarp = 0; // index of the group's first syncwarp event
  uint32_t missing = 0;  // the lanes
  // warp-mask-inactive-lane of lanes that called it from another program
  // point: the first such call; else `syncwarp`.
  uint32_t other = 0;
};

struct ScanResult {
  // Pairs of event indices (earlier, later): conflicting, unordered by
  // happens-before, not morally strong.
  std::set<std::pair<uint32_t, uint32_t>> races;
  // Named lanes that neither exited nor called it, or called it from
  // another program point (warp-mask-inactive-lane).
  std::vector<SyncwarpLanes> inactive;
  // Named lanes that called the same program point with another mask
  // (warp-mask-nonuniform).
  std::vector<SyncwarpLanes> nonuniform;
};

ScanResult scanTrace(const Trace &trace, const Variant &variant, const ModelOptions &options);

} // namespace warpcheck::reference
