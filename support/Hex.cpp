#include "support/Hex.h"
#include <cstdio>

namespace warpcheck {

std::string hex(uint64_t value) {
  char b[24];
  std::snprintf(b, sizeof b, "0x%llx", static_cast<unsigned long long>(value));
  return b;
}

std::string coordinates(const std::array<unsigned, 3> &xyz, const char *separator) {
  return "(" + std::to_string(xyz[0]) + separator + std::to_string(xyz[1]) + separator + std::to_string(xyz[2]) + ")";
}

} // namespace warpcheck
