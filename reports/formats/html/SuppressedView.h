#pragma once
// The findings the suppression controls removed: a count by control, and
// the findings themselves in a collapsed list, so a reader of the page
// knows what is not shown above and why.
#include "reports/model/Report.h"
#include "reports/formats/html/PageContext.h"
#include <string>

namespace warpcheck::html {

// "" when nothing was suppressed.
std::string suppressedHtml(PageContext &ctx, const Report &report);

} // namespace warpcheck::html
