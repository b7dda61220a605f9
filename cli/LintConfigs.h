#pragma once
// `lint`'s use of the project configuration (docs/config.md "Which file"):
// each TU takes the configuration of its main file — its archs, compiler
// arguments, rules, scope, severities and FailOn — and a finding in a
// header takes that of the TU that reported it.
#include "analyzer/driver/Lint.h"
#include "cli/ConfigOptions.h"
#include "cli/ReportControls.h"
#include "config/ConfigResolver.h"
#include <map>
#include <string>
#include <vector>

namespace warpcheck::cli {

class LintConfigs {
public:
  LintConfigs(const ConfigOptions &options, const CommandLineSettings &cli)
      : options_(options), resolver_(options.file, options.none, cli) {}

  ConfigResolver &resolver() { return resolver_; }
  // Hooks the configurations into the analysis: read while its inputs are
  // collected (a bad one stops it there), then applied per TU; with
  // `verbose`, each TU's configuration is described.
  void useIn(LintOptions &opts, bool verbose);
  // For the controls: a suppression-invalid finding of a NOLINT comment
  // takes the configuration of its own file. A configuration that cannot be
  // read sets `error`.
  FindingConfig forControls(std::string &error);
  // Whether a finding fails the run: at or above the FailOn of a TU that
  // reported it (of its own file's configuration for a NOLINT comment's).
  bool failRun(const std::vector<Finding> &findings, std::string &error);

private:
  const ProjectConfig *of(const std::string &file);
  std::vector<std::string> describe(const std::string &file);

  const ConfigOptions &options_;
  ConfigResolver resolver_;
  std::map<std::string, bool> fails_; // by finding (findingKey), as its TUs' FailOn judged it
};

} // namespace warpcheck::cli
