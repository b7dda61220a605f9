#pragma once
// `lint --fix` and `--export-fixes FILE`, the clang-tidy way: the fix-its of
// the findings reported (not of those the configuration, NOLINT, a
// suppression file or the baseline removed), each edit once, conflicting
// fixes skipped with a note (reports/fix/FixPlan.h). --fix rewrites each
// file atomically (reports/OutputFile.h) and prints "applied N fixes in M files"
// on stderr; the findings it fixed are still reported, as clang-tidy does.
// A file modified after lint started is not touched: an error, exit 2.
#include "cli/ArgParser.h"
#include "cli/OutputClash.h"
#include "reports/model/Report.h"
#include <ctime>
#include <ostream>
#include <string>
#include <vector>

namespace warpcheck::cli {

struct FixOptions {
  bool fix = false;
  std::string exportPath;

  void addTo(std::vector<OptionSpec> &options);
  // Before the analysis: the export file can be written. Also notes the
  // time, to refuse to fix a file modified since.
  bool load(std::string &error);
  void addPaths(std::vector<NamedPath> &outputs) const;
  bool wanted() const { return fix || !exportPath.empty(); }
  // Plans, exports and applies the fixes of `report` (its controls already
  // applied), with notes and the summary on `err`. False with `error` when
  // a fix could not be applied or exported; what could be done is done.
  bool run(const Report &report, std::ostream &err, std::string &error) const;

private:
  timespec started_{};
};

} // namespace warpcheck::cli
