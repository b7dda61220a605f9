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
inline std::string shownPath(const std::string &path, const std::string &root) {
  return root.empty() || path.empty() ? path : relativeToRoot(path, root);
}

} // namespace warpcheck
