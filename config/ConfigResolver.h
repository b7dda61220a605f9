#pragma once
// The configuration of each source file (docs/config.md "Which file"): the
// nearest .warpcheck.yaml at or above it, its parents merged in when it
// sets InheritParentConfig, the command line folded in; or the one file of
// --config-file for every source; or none with --no-config. Each file is
// read once, however many sources share it. Not thread-safe.
#include "config/ConfigApply.h"
#include "config/ProjectConfig.h"
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace warpcheck {

class ConfigResolver {
public:
  // `fixedFile`: --config-file ("" none); `none`: --no-config.
  ConfigResolver(std::string fixedFile, bool none, CommandLineSettings cli);

  // The configuration of `source` (a file, or a directory for its own);
  // nullptr with `error` ("file:line:col: problem") when it cannot be used.
  const ProjectConfig *forSource(const std::string &source, std::string &error);

  // The configuration files read so far, parents included.
  std::vector<std::string> filesRead() const;

private:
  const ProjectConfig *load(const std::string &path, std::string &error);

  std::string fixedFile_;
  bool none_;
  CommandLineSettings cli_;
  std::map<std::string, std::unique_ptr<ProjectConfig>> byFile_; // by the file's absolute path ("" none)
  std::map<std::string, const ProjectConfig *> byDirectory_;    // where the search started
};

} // namespace warpcheck
