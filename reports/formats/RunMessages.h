#pragma once
// What a `warpcheck run` report has to say besides its findings: the end of
// its text format, and on stderr after the formats that do not carry it.
#include "reports/model/Report.h"
#include <ostream>

namespace warpcheck {

// The run's errors and warnings, a signal that ended the program, and
// "checked N of M launches (...): F findings (...)". `report.run` must be set.
void writeRunMessages(std::ostream &os, const Report &report);

} // namespace warpcheck
