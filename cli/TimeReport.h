#pragma once
// `warpcheck lint --time-report`: where the time went, per file, pass and
// rule, so that an outlier is visible (printed on stderr).
#include "reports/model/Report.h"
#include <ostream>

namespace warpcheck::cli {

void writeTimeReport(std::ostream &os, const Report &report);

} // namespace warpcheck::cli
