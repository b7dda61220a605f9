#pragma once
// `lint --export-fixes FILE`: the planned fixes (reports/fix/FixPlan.h) as
// the YAML clang-tidy writes for clang-apply-replacements, so the tools that
// take clang-tidy's fixes (clang-apply-replacements, editors, review bots)
// take warpcheck's.
#include "reports/fix/FixPlan.h"
#include <string>

namespace warpcheck {

// One Diagnostics entry per planned fix (duplicates too: the tool drops
// identical edits itself). Paths are made absolute from the current
// directory, offsets are bytes. `mainSourceFile`: "" when lint analysed
// several files. `read` gives the finding's own file to place its message.
std::string formatExportFixes(const FixPlan &plan, const std::string &mainSourceFile, const FileText &read);

} // namespace warpcheck
