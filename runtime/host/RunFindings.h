#pragma once
// Turns the runtime's raw records into findings of the shared report model:
// rule ids, messages, source locations of both accesses (through the
// symbolizer) and the evidence the GPU collected.
#include "reports/model/Report.h"
#include "runtime/common/RawLog.h"
#include "runtime/host/Symbolizer.h"

namespace warpcheck::run {

// Symbolization problems are added to `summary.warnings`.
std::vector<Finding> findingsFromLog(const RawLog &log, Symbolizer &symbolizer, RunSummary &summary);

// Fills the counters and messages of `summary` from the log.
void summarize(const RawLog &log, RunSummary &summary);

// threadIdx of a linear thread index in a block of `dim`.
std::array<unsigned, 3> threadCoords(uint32_t linear, const std::array<uint32_t, 3> &dim);

} // namespace warpcheck::run
