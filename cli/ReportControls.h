#pragma once
// The options of the controls a team needs to adopt warpcheck on code that
// already has findings, shared by `lint`, `run` and `report`: suppression
// files and baselines (NOLINT comments need none). They are applied by
// finish() (reports/Finish.h), with the rest of the pipeline.
#include "cli/ArgParser.h"
#include "cli/OutputClash.h"
#include "config/ProjectConfig.h"
#include "reports/Finish.h"
#include <string>
#include <vector>

namespace warpcheck::cli {

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
  // What finish() applies: the files read by load().
  const Controls &loaded() const { return loaded_; }

private:
  Controls loaded_;
};

} // namespace warpcheck::cli
