#pragma once
#include "reports/formats/Formats.h"
#include "reports/model/Report.h"
#include <nlohmann/json.hpp>
#include <ostream>

namespace warpcheck {

// The documented JSON report (docs/report-format.md, schema version
// kReportSchemaVersion).
nlohmann::json toJson(const Report &report);
// Takes no options: the JSON report is the data the other formats are made
// from, paths and all.
void writeJson(std::ostream &os, const Report &report, const FormatOptions &opts);

} // namespace warpcheck
