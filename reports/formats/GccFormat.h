#pragma once
#include "reports/formats/Formats.h"
#include "reports/model/Report.h"
#include <ostream>

namespace warpcheck {

// One line per finding, `file:line:col: severity: message [rule]`, the form
// gcc, clang, Emacs, Vim and VS Code's $gcc problem matcher read. Parse
// errors of files come first as `error:` lines. Findings without a location
// (a run without -lineinfo) start with `warpcheck:`.
void writeGcc(std::ostream &os, const Report &report, const FormatOptions &opts);

} // namespace warpcheck
