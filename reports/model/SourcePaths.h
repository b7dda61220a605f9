#pragma once
// Repository-relative paths: SARIF, codeclimate, baselines and suppression
// files name files relative to the source root so they mean the same on
// every checkout.
#include <string>

namespace warpcheck {

// The nearest directory at or above `start` that holds `.git` (a directory or
// a worktree's file), else `start` itself; absolute and normalised.
std::string findSourceRoot(const std::string &start);

// `path` relative to `root` with '/' separators when it lies under `root`;
// otherwise `path` made absolute. Relative `path`s are taken from the
// current directory.
std::string relativeToRoot(const std::string &path, const std::string &root);

// A path as a report shows it: relative to `root` as above, or as given when
// there is no root (the formats' "" sourceRoot).
// `path` as lint, run and report show it (reports/Finish.h): relative to
// `cwd` when it lies under it, as compilers print a file named from there;
// otherwise as given. Relative paths stay as they are.
std::string displayPath(const std::string &path, const std::string &cwd);

// The process's current directory, absolute; "" when it cannot be read.
std::string currentDirectory();

inline std::string shownPath(const std::string &path, const std::string &root) {
  return root.empty() || path.empty() ? path : relativeToRoot(path, root);
}

} // namespace warpcheck
