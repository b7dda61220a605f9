#pragma once
// The reference checker's findings as JSON (the format `warpcheck-reference`
// writes; docs/run-memory-model.md, "Appendix: findings").
#include "runtime/reference/Findings.h"
#include <nlohmann/json.hpp>

namespace warpcheck::reference {

nlohmann::json findingsToJson(const Trace &trace, const std::vector<Finding> &findings,
                              const ModelOptions &options);

} // namespace warpcheck::reference
