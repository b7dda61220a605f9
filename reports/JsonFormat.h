#pragma once
#include "reports/Report.h"
#include <nlohmann/json.hpp>
#include <ostream>

namespace warpcheck {

// The documented JSON report (docs/report-format.md, schema version
// kReportSchemaVersion).
nlohmann::json toJson(const Report &report);
void writeJson(std::ostream &os, const Report &report);

} // namespace warpcheck
