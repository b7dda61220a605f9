#pragma once
// Shell-style globs for rule ids, kernel names and paths in suppressions,
// baselines, configs and lint's --enable/--disable: the project's only glob
// engine. (support/ has no LLVM, so no llvm::GlobPattern: the run-only build
// links it too.)
#include <string>

namespace warpcheck {

// `*` any run of characters, `?` one character, `[abc]`/`[a-z]`/`[!a]` a
// class, `\x` a literal x. With `paths`, `*` and `?` stop at '/', and `**`
// matches across directories (`src/**` and `**/k.cu` as in .gitignore).
bool globMatch(const std::string &pattern, const std::string &text, bool paths = false);

// "" when `pattern` is well formed, else why not: an unclosed '[' (which
// globMatch would take as a literal, so the pattern silently matches
// nothing meant), an empty or reversed range, a '\\' with nothing after it.
std::string globError(const std::string &pattern);

// True when `pattern` has a glob metacharacter.
bool isGlob(const std::string &pattern);

} // namespace warpcheck
