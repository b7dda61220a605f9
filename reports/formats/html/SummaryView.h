#pragma once
// The top of the page: totals, the run of the program (`warpcheck run`) and
// the files that were not analysed, with their compiler messages.
#include "reports/model/Report.h"
#include "reports/formats/html/PageContext.h"
#include <string>
#include <vector>

namespace warpcheck::html {

// A rule's findings, as the page groups them.
struct RuleGroup {
  std::string rule;
  std::string anchor;           // id of its section
  Severity top = Severity::Note; // the highest severity among its findings
  size_t bySeverity[3] = {0, 0, 0};
  std::vector<size_t> findings; // indices into Report::findings, report order
};

// "2 errors, 1 warning" ("" for none).
std::string severityCounts(const size_t bySeverity[3]);

// Cards with the totals by severity and of files or launches, and a table of
// the rules with their counts, each linking to its section.
std::string totalsHtml(const Report &report, const std::vector<RuleGroup> &rules);
// The program, how it ended and everything that was not checked; "" for lint.
std::string runHtml(const Report &report);
// Files that failed to parse (their compiler messages, once for all passes
// that hit them, with excerpts) or were skipped (why); then the analysed
// ones, collapsed. "" when there are no files.
std::string filesHtml(PageContext &ctx, const Report &report);

} // namespace warpcheck::html
