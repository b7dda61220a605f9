#pragma once
#include "reports/model/Finding.h"
#include "reports/model/SourceCache.h"
#include <string>

namespace warpcheck::html {

// The source lines around `at` as an HTML table: line numbers, the lines of
// the range highlighted and its exact columns in a <mark> (the whole line
// when the range has no column, as in `run` reports). "" when there is no
// location or the file cannot be read.
std::string excerpt(SourceCache &sources, const SourceRange &at);

// Before/after view of the fix-its that fall on one line of a readable file,
// or "" (then the caller describes the edits in words).
std::string fixPreview(SourceCache &sources, const std::vector<FixIt> &fixits);

} // namespace warpcheck::html
