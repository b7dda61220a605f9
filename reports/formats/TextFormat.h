#pragma once
#include "reports/formats/Formats.h"
#include "reports/model/Report.h"
#include <ostream>

namespace warpcheck {

// clang-style diagnostics: `file:line:col: warning: message [rule]`, the
// source line with a caret (opts.showSource), then `note:` lines; parse
// errors of files first. The first line of each finding matches VS Code's
// $gcc problem matcher. A run report shows at most opts.printLimit findings
// and ends with what the run has to say (reports/formats/RunMessages.h), as
// `warpcheck run` prints it.
void writeText(std::ostream &os, const Report &report, const FormatOptions &opts);

// "warpcheck: error: <problem>" for each of the report's problems (a lint
// that analysed nothing); writeText ends with them.
void writeProblems(std::ostream &os, const Report &report);
// A one-line summary: "N findings (E errors, W warnings) in F files".
void writeSummary(std::ostream &os, const Report &report);
// "4 findings (1 errors, 2 warnings, 1 note)": notes only when there are some.
void writeSeverityCounts(std::ostream &os, const std::vector<Finding> &findings);
// "; 3 suppressed (2 NOLINT, 1 baseline)", or nothing when none were.
void writeSuppressedCounts(std::ostream &os, const SuppressedCounts &s);

} // namespace warpcheck
