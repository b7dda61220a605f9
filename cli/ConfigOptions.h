#pragma once
// The project configuration options that `lint` and `run` share, declared
// once: --config-file, --no-config, --dump-config; and finding and reading
// the file they name or imply (docs/config.md).
#include "cli/ArgParser.h"
#include "config/ProjectConfig.h"
#include <iosfwd>
#include <string>
#include <vector>

namespace warpcheck::cli {

struct ConfigOptions {
  std::string file;  // --config-file
  bool none = false; // --no-config
  bool dump = false; // --dump-config

  // `searchedFrom` says where discovery starts, for the help text.
  void addTo(std::vector<OptionSpec> &options, const std::string &searchedFrom);
  // --config-file, else the nearest .warpcheck.yaml at or above
  // `searchFrom` (a file or directory), else the defaults; its parents
  // merged in when it sets InheritParentConfig. False with
  // `error` = "file:line:col: problem".
  bool load(const std::string &searchFrom, ProjectConfig &config, std::string &error) const;
};

// What --dump-config prints: where the configuration came from, then the
// configuration as YAML that a .warpcheck.yaml may hold.
void dumpConfig(std::ostream &os, const ProjectConfig &config);

} // namespace warpcheck::cli
