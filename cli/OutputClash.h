#pragma once
// An output must never be one of the files the run reads: `lint a.cu -o
// a.cu` once truncated the source before analysing it, and then said the
// empty file was clean. Compared by device and inode, so a hard link or a
// symlink to an input is caught as well as the same name.
#include <string>
#include <vector>

namespace warpcheck::cli {

struct NamedPath {
  std::string role; // "the output", "the baseline", "the configuration", ...
  std::string path;
};

// "" when no output is the same file as an input, else the usage error:
// "the output 'a.cu' is the input 'a.cu'; refusing to overwrite it".
// Outputs that do not exist yet cannot be an input.
std::string findOutputClash(const std::vector<NamedPath> &outputs, const std::vector<NamedPath> &inputs);

} // namespace warpcheck::cli
