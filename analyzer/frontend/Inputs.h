#pragma once
// Turns what the user named (files, directories, a compile database, extra
// arguments) into translation units to analyse.
#include "analyzer/frontend/TranslationUnit.h"
#include "reports/Report.h"
#include <string>
#include <vector>

namespace warpcheck {

struct InputOptions {
  std::vector<std::string> paths;      // files and directories
  std::string buildDir;                // -p: directory holding compile_commands.json
  std::vector<std::string> extraArgs;  // after `--`, appended to every TU
  std::vector<std::string> archs;      // --cuda-arch, overrides the database
};

struct Inputs {
  std::vector<TranslationUnit> units;
  std::vector<FileStatus> skipped; // named by the user but not analysed, with why
};

// False on a usage error (missing file, unreadable database); `error` then
// holds one line naming the problem.
bool collectInputs(const InputOptions &opts, Inputs &out, std::string &error);

} // namespace warpcheck
