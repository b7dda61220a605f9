#pragma once
// `warpcheck lint`: inputs -> passes (in parallel) -> checks -> merged report.
#include "analyzer/core/AnalysisOptions.h"
#include "analyzer/frontend/Inputs.h"
#include "reports/model/Report.h"
#include <functional>
#include <string>
#include <vector>

namespace warpcheck {

struct LintOptions {
  InputOptions inputs;
  AnalysisOptions analysis;
  std::string cudaPath;               // --cuda-path
  std::string hipPath;                // --hip-path
  std::string resourceDir;            // clang resource dir override
  std::vector<std::string> enable;    // rule ids or globs; empty = all static rules
  std::vector<std::string> disable;
  unsigned jobs = 0;                  // 0 = all cores
  // Progress on stderr: none; one line redrawn per pass (a terminal); or,
  // for logs, a plain line every few files (every file up to 20 files,
  // else about every 5%) and one for the last.
  enum class Progress { Off, Terminal, Lines };
  Progress progress = Progress::Off;
  // --verbose: when a TU's passes are done, its configuration
  // (`describeUnit`), the clang command line of each pass and the times,
  // on stderr.
  bool verbose = false;
  std::function<std::vector<std::string>(const std::string &file)> describeUnit;
  double maxSecondsPerFile = 300;     // --max-time-per-file; <= 0: no limit
  double maxSecondsPerFunction = 60; // --max-time-per-function, in one pass; <= 0: no limit
  bool timeReport = false;            // fill FileStatus::timing
  // The project config's Include/Exclude (config/ConfigApply.h): a file for
  // which it gives a reason is listed as skipped with it, not analysed.
  std::function<std::string(const std::string &file)> outOfScope;
  // The project configuration of each TU, by its main file, when set:
  // whether a rule runs on it, and what it does to the TU's findings
  // (before the findings of all TUs are merged, so that a finding in a
  // header takes the configuration of the TU that reported it).
  std::function<bool(const std::string &file, const std::string &rule)> ruleEnabled;
  std::function<void(const std::string &file, std::vector<Finding> &findings)> configureFindings;
};

struct LintOutcome {
  Report report;
  bool usageError = false; // a bad option or input: exit 2
  std::string error;
};

LintOutcome runLint(const LintOptions &opts);

// Ids of the rules lint runs (for `rules` and option validation).
std::vector<std::string> staticRuleIds();

} // namespace warpcheck
