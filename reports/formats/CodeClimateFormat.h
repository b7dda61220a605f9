#pragma once
#include "reports/formats/Formats.h"
#include "reports/model/Report.h"
#include <nlohmann/json.hpp>
#include <ostream>

namespace warpcheck {

// Code Climate issues, as GitLab's Code Quality report reads them
// (`artifacts: reports: codequality:`): a JSON array with one issue per
// finding, and one per distinct compiler error of a file that failed to
// parse (check_name "parse-error"). Paths are relative to
// `opts.sourceRoot`; fingerprints come from the findings' own and are unique
// within the report, as GitLab requires. docs/report-format.md documents
// the fields and the severity mapping.
nlohmann::json toCodeClimate(const Report &report, const FormatOptions &opts);
void writeCodeClimate(std::ostream &os, const Report &report, const FormatOptions &opts);

// error -> critical, warning -> major, note -> info.
const char *codeClimateSeverity(Severity s);

} // namespace warpcheck
