#pragma once
// One pass of the vector-clock simulation of the model over a trace: which
// pairs of accesses race, and which syncwarps named lanes that neither
// exited nor took part.
#include "runtime/reference/MemoryModel.h"
#include "runtime/reference/Trace.h"
#include <cstdint>
#include <set>
#include <utility>
#include <vector>

namespace warpcheck::reference {

struct InactiveLanes {
  uint32_t syncwarp = 0; // index of the group's first syncwarp event
  uint32_t missing = 0;  // lanes named in the mask that neither exited nor called it
};

struct ScanResult {
  // Pairs of event indices (earlier, later): conflicting, unordered by
  // happens-before, not morally strong.
  std::set<std::pair<uint32_t, uint32_t>> races;
  std::vector<InactiveLanes> inactive;
};

ScanResult scanTrace(const Trace &trace, const Variant &variant, const ModelOptions &options);

} // namespace warpcheck::reference
