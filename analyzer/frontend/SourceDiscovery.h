#pragma once
// Finds the sources under a directory the user named.
#include <string>
#include <vector>

namespace warpcheck {

// Every .cu and .hip file under `dir`, recursively, sorted. Hidden files and
// directories (".git", ".cache") are left out, and symlinked directories are
// not entered (no cycles); symlinked files count. False with `error` set
// when the directory cannot be read. What is left out for a reason (an
// unreadable subdirectory, a looping or dangling .cu symlink, a FIFO named
// .cu) is added to `warnings`, one line each, naming the path.
bool findSources(const std::string &dir, std::vector<std::string> &out, std::string &error,
                 std::vector<std::string> *warnings = nullptr);

} // namespace warpcheck
