#pragma once
// A compile_commands.json, loaded with clang's JSONCompilationDatabase and
// indexed by the real path of each entry's file.
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace warpcheck {

struct CompileEntry {
  std::string file;      // absolute, normalised
  std::string directory; // absolute: a relative one is taken from the database's folder
  std::vector<std::string> argv; // the command, argv[0] the compiler
};

class CompileDatabase {
public:
  // `path` is a build directory holding compile_commands.json, or the file
  // itself. Null on failure, with `error` one line naming the problem.
  static std::unique_ptr<CompileDatabase> load(const std::string &path, std::string &error);

  const std::string &path() const { return path_; } // of the .json file
  // One entry per file, in database order; a file listed twice (two targets)
  // keeps its first entry.
  const std::vector<CompileEntry> &entries() const { return entries_; }
  const CompileEntry *find(const std::string &file) const;

private:
  std::string path_;
  std::vector<CompileEntry> entries_;
  std::map<std::string, size_t> byFile_;
};

// The absolute, dot-free path of `path`, symlinks resolved when it exists:
// the key entries and named files are matched by.
std::string canonicalPath(const std::string &path, const std::string &base = "");

} // namespace warpcheck
