#pragma once
// The controls a team needs to adopt warpcheck on code that already has
// findings, shared by `lint`, `run` and `report`: NOLINT comments,
// suppression files, baselines. They run on the final findings, in this
// order: NOLINT, --suppressions, --write-baseline (everything still
// reported), --baseline, --save-suppressions (what is left).
#include "cli/ArgParser.h"
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
  bool load(std::string &error);
  // Applies the controls to `report` (its findings' fingerprints assigned)
  // and writes the files asked for. `alsoCheck`: files whose NOLINT
  // comments are checked for mistakes even without findings.
  bool apply(Report &report, const std::string &sourceRoot, const std::vector<std::string> &alsoCheck,
             std::string &error);

private:
  std::vector<Suppression> suppressions_;
  Baseline baseline_;
};

} // namespace warpcheck::cli
