#pragma once
// compute-sanitizer's --log-file name patterns: %p is the program's process
// id, %q{VAR} the value of environment variable VAR, %% a '%'. The pid is
// known only once the program runs: a name is checked first (with a stand-in
// pid) and expanded for real after.
#include <cstdint>
#include <string>

namespace warpcheck::run {

// `pattern` expanded with `pid`; false and `error` for an unknown %x, a %q
// without {VAR}, an unset VAR or a trailing %.
bool expandLogFileName(const std::string &pattern, uint64_t pid, std::string &out, std::string &error);

} // namespace warpcheck::run
