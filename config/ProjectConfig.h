#pragma once
// The project configuration, `.warpcheck.yaml` (docs/config.md): which rules
// run and how severe their findings are, the device archs, the paths in and
// out of scope, extra compiler arguments and what fails the run. It is read
// with the YAML subset of config/YamlSubset.h, and every problem in it
// (unknown key, wrong type, bad value, unknown rule) is an error naming
// file:line:col. config/ConfigApply.h applies it.
#include "reports/model/Severity.h"
#include <string>
#include <string_view>
#include <vector>

namespace warpcheck {

inline constexpr const char *kConfigFileName = ".warpcheck.yaml";

struct SeverityOverride {
  std::string rule; // a rule id or glob
  Severity severity = Severity::Warning;
};

struct ProjectConfig {
  std::string file;      // the file read, as named to the user; "" when none
  std::string directory; // absolute; relative Include/Exclude globs start here ("": the current directory)

  // `Rules`: globs in order, "-GLOB" turns rules off. Every rule is on
  // before the first entry; the last entry matching a rule decides.
  std::vector<std::string> rules;
  // `Severities`: the last entry whose glob matches a rule sets the
  // severity of its findings.
  std::vector<SeverityOverride> severities;
  std::vector<std::string> archs;            // `Archs`; empty: from the compile command, else sm_90 / gfx90a
  std::vector<std::string> include, exclude; // `Include`, `Exclude`: path globs
  std::vector<std::string> extraArgs;        // `ExtraArgs`: appended to every compile command
  Severity failOn = Severity::Warning;       // `FailOn`: findings at or above it fail the run
  // `WarningsAsErrors`: globs in order like `rules`, but every rule is off
  // before the first entry; the findings of the rules it selects are errors.
  std::vector<std::string> warningsAsErrors;
  // `InheritParentConfig` (clang-tidy's key): the nearest .warpcheck.yaml
  // above this file's directory is merged under it (config/ConfigInherit.h).
  // False once the parents are merged in.
  bool inheritParentConfig = false;
  // The keys the file states: those it overrides when merged over a parent.
  std::vector<std::string> statedKeys;
  // The files merged under `file` by InheritParentConfig, nearest first.
  std::vector<std::string> inherited;
  bool states(const std::string &key) const;
};

struct ConfigError {
  std::string file;
  unsigned line = 0, column = 0; // 0: about the whole file
  std::string message;
  std::string describe() const;  // "file:line:col: message", or "file: message"
};

// Reads configuration text. `file` names it in errors, and its directory
// becomes `out.directory`. False with `error` at the first problem.
bool parseProjectConfig(std::string_view text, const std::string &file, ProjectConfig &out,
                        ConfigError &error);
// Reads a file (at most 1 MiB) with parseProjectConfig.
bool loadProjectConfig(const std::string &path, ProjectConfig &out, ConfigError &error);

// The nearest `.warpcheck.yaml` in `start` (a directory, else the directory
// of the file it names) or one of its parents: relative to the current
// directory when it lies below it, else absolute. "" when there is none.
std::string findProjectConfig(const std::string &start);

// YAML that parseProjectConfig reads back as `config`: every key, defaults
// included, in the order of docs/config.md.
std::string formatProjectConfig(const ProjectConfig &config);

// Checks shared with the command line, so that a rule glob or an arch means
// the same wherever it is written.
// "" when `glob` matches a rule of the catalogue (static or dynamic), else
// why not, with the nearest rule id when one is close.
std::string checkRuleGlob(const std::string &glob);
// An entry of a rule list in Rules' syntax (Rules, --enable): "-GLOB" turns
// the rules GLOB matches off, "GLOB" on.
inline bool turnsRulesOff(const std::string &entry) { return !entry.empty() && entry[0] == '-'; }
// checkRuleGlob of such an entry's glob.
inline std::string checkRuleEntry(const std::string &entry) {
  return checkRuleGlob(turnsRulesOff(entry) ? entry.substr(1) : entry);
}

} // namespace warpcheck
