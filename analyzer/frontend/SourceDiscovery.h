#pragma once
// Finds the sources under a directory the user named.
#include <string>
#include <vector>

namespace warpcheck {

// Every .cu and .hip file under `dir`, recursively, sorted. Hidden files and
// directories (".git", ".cache") are left out, and symlinked directories are
// not entered (no cycles); symlinked files count. False with `error` set
// when the directory cannot be read.
bool findSources(const std::string &dir, std::vector<std::string> &out, std::string &error);

} // namespace warpcheck
