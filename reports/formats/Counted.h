// "1 error", "2 errors": a count and its noun, in the summaries of every
// human-readable format.
#pragma once

#include <cstddef>
#include <string>

namespace warpcheck {

inline std::string counted(size_t n, const std::string &one, const std::string &many = "") {
  return std::to_string(n) + " " + (n == 1 ? one : many.empty() ? one + "s" : many);
}

} // namespace warpcheck
