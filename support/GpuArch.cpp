#include "support/GpuArch.h"
#include <cctype>
#include <cstdlib>
#include <regex>

namespace warpcheck {
namespace {

bool isDigit(char c) { return c >= '0' && c <= '9'; }

// The digits and the suffix of a CUDA arch, its sm_/compute_/lto_ prefix
// (optional) left out: false unless it is one or more digits then at most
// one lowercase letter.
bool splitCudaArch(std::string_view s, std::string_view &digits, std::string_view &suffix) {
  for (std::string_view prefix : {"sm_", "compute_", "lto_"})
    if (s.substr(0, prefix.size()) == prefix) {
      s.remove_prefix(prefix.size());
      break;
    }
  size_t n = 0;
  while (n < s.size() && isDigit(s[n])) ++n;
  digits = s.substr(0, n);
  suffix = s.substr(n);
  return n > 0 && (suffix.empty() || (suffix.size() == 1 && suffix[0] >= 'a' && suffix[0] <= 'z'));
}

} // namespace

bool isCudaArchName(const std::string &arch) {
  std::string_view digits, suffix;
  return splitCudaArch(arch, digits, suffix) && (digits.size() == 2 || digits.size() == 3) &&
         (suffix.empty() || suffix == "a" || suffix == "f");
}

bool isAmdGpuArchName(const std::string &arch) {
  // gfxNNN[N][a-z], then target-id features (:xnack+, :sramecc-), or a
  // generic target (gfx9-generic, gfx10-3-generic).
  static const std::regex re(R"(gfx[0-9]{2,4}[a-z]?(:[a-z]+[+-])*|gfx[0-9]{1,2}(-[0-9])?-generic)");
  return std::regex_match(arch, re);
}

bool isGpuArchName(const std::string &arch) { return isCudaArchName(arch) || isAmdGpuArchName(arch); }

std::string gpuArchError(const std::string &arch) {
  return "'" + arch + "' is not a GPU arch (expected sm_NN like sm_80 or sm_90a for CUDA, gfxNNN like gfx90a or gfx1100 for HIP)";
}

bool isAmdGpuArch(const std::string &arch) {
  return arch.size() > 3 && arch.compare(0, 3, "gfx") == 0 && isDigit(arch[3]);
}

std::string normalizeArch(const std::string &arch) {
  if (isAmdGpuArch(arch)) return arch; // gfx90a, gfx90a:xnack+: as clang takes them
  std::string_view digits, suffix;
  if (!splitCudaArch(arch, digits, suffix)) return "";
  return "sm_" + std::string(digits) + std::string(suffix);
}

unsigned cudaArchNumber(const std::string &arch) {
  std::string_view digits, suffix;
  if (arch.rfind("sm_", 0) != 0 || !splitCudaArch(arch, digits, suffix)) return 0;
  return unsigned(std::strtoul(std::string(digits).c_str(), nullptr, 10));
}

unsigned amdGpuGeneration(const std::string &arch) {
  if (!isAmdGpuArch(arch)) return 0;
  size_t digits = 3;
  while (digits < arch.size() && isDigit(arch[digits])) ++digits;
  std::string number = arch.substr(3, digits - 3);
  bool generic = digits < arch.size() && arch[digits] == '-';
  size_t end = arch.find(':'); // target-id features (xnack+, sramecc-)
  std::string processor = arch.substr(3, end == std::string::npos ? std::string::npos : end - 3);
  return unsigned(generic ? std::atoi(number.c_str())
                          : std::atoi(processor.substr(0, processor.size() >= 2 ? processor.size() - 2 : 0).c_str()));
}

} // namespace warpcheck
