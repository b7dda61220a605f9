#pragma once
// What the project configuration does to a command (docs/config.md): the
// command line's part in it, which rules run, which paths are in scope, what
// a finding's severity becomes and whether the findings fail the run.
#include "config/ProjectConfig.h"
#include "reports/model/Finding.h"
#include <optional>
#include <string>
#include <vector>

namespace warpcheck {

// The command-line options that say the same things as config keys.
struct CommandLineSettings {
  std::vector<std::string> enable, disable; // --enable, --disable
  std::vector<std::string> warningsAsErrors; // --warnings-as-errors
  std::vector<std::string> archs;           // --cuda-arch
  std::vector<std::string> extraArgs;       // after `--`
  std::optional<Severity> failOn;           // --fail-on
};

// Folds the command line into `config`; the command line wins:
// --enable is a list in Rules' syntax: with any glob that is not '-GLOB' it
// appends '-*' and the list to Rules (only those rules run), with '-GLOB's
// alone it appends them (those rules off, the rest as configured);
// --disable appends '-GLOB' after them; --warnings-as-errors appends to
// WarningsAsErrors; --cuda-arch replaces Archs; the
// arguments after `--` follow ExtraArgs; --fail-on replaces FailOn.
// False with `error` when a rule glob of the command line matches no rule.
bool applyCommandLine(ProjectConfig &config, const CommandLineSettings &cli, std::string &error);

bool ruleEnabled(const ProjectConfig &config, const std::string &rule);

// "" when `file` (absolute, or relative to the current directory) is in
// scope: under an Include glob when there are any, and under no Exclude
// glob. Otherwise why not, naming the config file. A glob matches a path
// or one of its directories (`third_party` covers everything below it);
// relative globs start at the config's directory, `*` stays within one
// path component and `**` crosses them.
std::string outOfScope(const ProjectConfig &config, const std::string &file);

// Drops the findings of rules that are off and in files out of scope, then
// sets severities: Severities first, then WarningsAsErrors makes errors.
void applyToFindings(const ProjectConfig &config, std::vector<Finding> &findings);

// Whether a finding is at or above FailOn.
bool failsRun(const ProjectConfig &config, const std::vector<Finding> &findings);

} // namespace warpcheck
