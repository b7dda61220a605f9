#pragma once
// The reference checker's verdict on a trace: races classified by what
// would have ordered them, and syncwarps that named inactive lanes or
// lanes that passed another mask, deduplicated by (rule, pc pair).
#include "runtime/reference/MemoryModel.h"
#include "runtime/reference/Trace.h"
#include <cstdint>
#include <string>
#include <vector>

namespace warpcheck::reference {

// The rule id proposed for races that exist only because volatile is not
// atomic in CUDA C++ (docs/run-memory-model.md, "volatile").
inline constexpr const char *kVolatileRule = "race-volatile";

struct Finding {
  std::string rule;     // race-shared, race-global, scope-too-narrow, fence-missing,
                        // race-volatile, warp-mask-inactive-lane, warp-mask-nonuniform
  std::string severity; // error or warning
  std::string relation; // intra-warp, inter-warp, inter-block, inter-launch (races)
  uint32_t count = 0;   // event pairs (or syncwarp groups) it stands for
  // Example event indices. Syncwarp findings: the group's first call, and
  // the call the lanes made from another program point (else the first).
  uint32_t first = 0, second = 0;
  uint32_t missingLanes = 0; // syncwarp findings: the named lanes at fault
  // Races: of the `count` event pairs, those whose earlier access the GPU
  // detector's bounded shadow still held when the later one ran
  // (BoundedShadow.h). 0: a finding the documented bound lets it miss.
  uint32_t shadowKept = 0;
};

std::vector<Finding> checkTrace(const Trace &trace, const ModelOptions &options);

// How two accesses relate: same warp, same block, same launch, or not.
std::string relationOf(const Event &a, const Event &b);

} // namespace warpcheck::reference
