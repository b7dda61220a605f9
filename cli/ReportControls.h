#pragma once
// The controls a team needs to adopt warpcheck on code that already has
// findings, shared by `lint`, `run` and `report`: NOLINT comments,
// suppression files, baselines. They run on the final findings, in this
// order: the project configuration (rules, scope, severities), NOLINT,
// --suppressions, --write-baseline (everything still
// reported), --baseline, --save-suppressions (what is left); then, for
// lint, the unused-suppression findings of what NOLINT and the baseline
// left unused. What each control removes is kept (Report::
// suppressedFindings) as well as counted.
#include "cli/ArgParser.h"
#include "cli/OutputClash.h"
#include "config/ProjectConfig.h"
#include "reports/Report.h"
#include "reports/suppress/Baseline.h"
#include "reports/suppress/SuppressionFile.h"
#include <functional>
#include <string>
#include <vector>

namespace warpcheck::cli {

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

// One configuration for every finding (`run`).
FindingConfig configuring(const ProjectConfig &config);

struct ControlOptions {
  std::vector<std::string> suppressionFiles;
  std::string baselinePath, writeBaselinePath, saveSuppressionsPath;

  void addTo(std::vector<OptionSpec> &options);
  // Reads the suppression files and the baseline before the (possibly long)
  // analysis or run, so a bad file fails fast. False with `error` naming the
  // file and the problem.
  // Also checks that the files to write can be written.
  bool load(std::string &error);
  // The files these options write and read, for the check that no output
  // is an input (cli/OutputClash.h).
  void addPaths(std::vector<NamedPath> &outputs, std::vector<NamedPath> &inputs) const;
  // Applies the controls to `report` (its findings' fingerprints assigned)
  // and writes the files asked for. `alsoCheck`: files whose NOLINT
  // comments are checked for mistakes even without findings.
  // `config` is applied as FindingConfig says.
  bool apply(Report &report, const std::string &sourceRoot, const std::vector<std::string> &alsoCheck,
             const FindingConfig &config, std::string &error);

private:
  std::vector<Suppression> suppressions_;
  Baseline baseline_;
};

} // namespace warpcheck::cli
