#pragma once
// Turns what the user named (files, directories, a compile database, extra
// arguments) into translation units to analyse.
//
// - No files, -p DIR: every CUDA and HIP entry of DIR/compile_commands.json
//   (a .cu or .hip file, or any file compiled with -x cu / -x cuda / -x hip,
//   e.g. by hipcc or CMake's HIP language); other entries are not the
//   user's ask and are left.
// - Headers (.cuh, or .h with `-- -x cuda`) without an entry of their own
//   are analysed through a source that includes them: a named source, else
//   a CUDA/HIP entry of the database, else a .cu/.hip file under the
//   current directory; only the header's findings are reported for it. A
//   header nothing includes is skipped with kNoIncluderReason.
// - Files: each is a TU. With -p, a file's own entry gives its
//   flags; a file without one borrows those of the nearest entry of its
//   language (the one sharing the longest directory prefix), with a warning.
// - Directories: searched recursively for .cu and .hip files; hidden
//   entries and symlinked directories are not entered.
// - A named file that is neither (.cpp without -x cu/hip) is skipped with why.
// - Arguments after `--` are clang arguments appended to every TU; their
//   -x cuda or -x hip makes a .cpp (or .cu) file CUDA or HIP.
// - Archs: --cuda-arch/--offload-arch beat `--` arguments, which beat the
//   database's; each TU takes the sm_ archs (CUDA) or gfx archs (HIP) of the
//   first of these that names any.
#include "analyzer/frontend/TranslationUnit.h"
#include "reports/model/Report.h"
#include <functional>
#include <string>
#include <vector>

namespace warpcheck {

struct InputOptions {
  std::vector<std::string> paths;      // files and directories
  std::string buildDir;                // -p: directory holding compile_commands.json
  std::vector<std::string> extraArgs;  // after `--`, appended to every TU
  std::vector<std::string> archs;      // --cuda-arch/--offload-arch, override the database
  // The project configuration of each file, when set (cli/LintCommand.cpp):
  // the archs and arguments of the TU whose main file is `file`, in place of
  // `archs` and `extraArgs`. False with `error` (a configuration that cannot
  // be used) stops the collection.
  struct FileSettings {
    std::vector<std::string> archs, extraArgs;
  };
  std::function<bool(const std::string &file, FileSettings &out, std::string &error)> settingsFor;
};

struct Inputs {
  std::vector<TranslationUnit> units;
  std::vector<FileStatus> skipped; // named by the user but not analysed, with why
  // Lines for stderr, each once: dropped compiler options, files without a
  // database entry, skipped files.
  std::vector<std::string> warnings;
};

// The start of the skip reason of a named header that no source includes:
// a note, not a failed run (cli/LintCommand.cpp).
extern const char kNoIncluderReason[];

// False on a usage error (missing file, unreadable database); `error` then
// holds one line naming the problem.
bool collectInputs(const InputOptions &opts, Inputs &out, std::string &error);

} // namespace warpcheck
