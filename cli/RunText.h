#pragma once
// How `warpcheck run` shows a run report as text, shared with `warpcheck
// report` so that a saved run report reads the same as the run did.
#include "reports/Report.h"
#include <cstddef>
#include <ostream>

namespace warpcheck::cli {

// The findings as clang-style text (at most `printLimit` of them, 0: all),
// then writeRunMessages.
void writeRunText(std::ostream &os, const Report &report, size_t printLimit, bool color);

// What the run itself has to say: its errors and warnings, a signal that
// ended the program, and "checked N of M launches (...): F findings (...)".
// `report.run` must be set.
void writeRunMessages(std::ostream &os, const Report &report);

} // namespace warpcheck::cli
