#pragma once
// The one pipeline that finishes a report, for `lint`, `run` and `report`
// alike, before any format sees it, in this order: display paths (files
// under the current directory named relative to it, wherever the findings
// came from: clang, a GPU run's line info, a saved report), merge (findings
// of several passes or processes), the project configuration (rules, scope,
// severities), fingerprints, NOLINT, suppression files, --write-baseline
// (everything still reported), --baseline, --save-suppressions (what is
// left); then the unused-suppression findings of what NOLINT and the
// baseline left unused (lint). What each control removes is kept
// (Report::suppressedFindings) as well as counted.
#include "reports/model/Report.h"
#include "reports/model/SourcePaths.h"
#include "reports/suppress/Baseline.h"
#include "reports/suppress/SuppressionFile.h"
#include <functional>
#include <string>
#include <vector>

namespace warpcheck {

// What the project configuration does to findings (config/ConfigApply.h):
// `all` on every finding before the controls (`run` applies its one
// configuration; `lint` configured each TU's findings before merging them
// and leaves it empty), `nolint` on the findings the controls add
// (suppression-invalid from NOLINT comments, unused-suppression), each by
// its file's configuration. All empty for `report`.
struct FindingConfig {
  std::function<void(std::vector<Finding> &)> all, nolint;
  // Whether the configuration of a file has a rule on (unused-suppression
  // looks only at rules that ran); empty: no configuration (`report`).
  std::function<bool(const std::string &file, const std::string &rule)> ruleOn;
};

// The suppression controls as the command line gave them, their files read
// (cli/ReportControls.h reads them before the analysis or run).
struct Controls {
  std::vector<Suppression> suppressions;
  Baseline baseline;
  std::string baselinePath;       // --baseline, named by unused-suppression findings
  std::string writeBaselinePath;  // --write-baseline, "" for none
  std::string saveSuppressionsPath; // --save-suppressions, "" for none
};

struct FinishOptions {
  std::string sourceRoot; // what fingerprints, baselines and suppressions take paths relative to
  // Files whose NOLINT comments are checked for mistakes even without
  // findings, and whose unused suppressions are reported (lint: the files
  // it analysed).
  std::vector<std::string> alsoCheck;
  FindingConfig config;
  // Paths under it are shown relative to it (SourcePaths.h displayPath);
  // "" shows them as given.
  std::string displayDirectory = currentDirectory();
};

// Finishes `report` as above and writes the files `controls` asks for.
// False with `error` naming the file when one cannot be written.
bool finish(Report &report, const Controls &controls, const FinishOptions &opts, std::string &error);

} // namespace warpcheck
