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
#include <string>
#include <vector>

namespace warpcheck::cli {

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
  // `config` (absent for `report`) is applied first, and again to the
  // suppression-invalid findings the NOLINT step adds.
  bool apply(Report &report, const std::string &sourceRoot, const std::vector<std::string> &alsoCheck,
             const ProjectConfig *config, std::string &error);

private:
  std::vector<Suppression> suppressions_;
  Baseline baseline_;
};

} // namespace warpcheck::cli
