#include "analyzer/frontend/Pass.h"
#include <algorithm>
#include <cctype>

namespace warpcheck {

bool isAmdGpuArch(const std::string &arch) {
  return arch.size() > 3 && arch.compare(0, 3, "gfx") == 0 && std::isdigit((unsigned char)arch[3]);
}

unsigned amdWaveSize(const std::string &arch, bool wave64) {
  // The generation is the leading digits of the processor number minus its
  // last two characters (gfx90a -> 9, gfx1100 -> 11), or all of them in a
  // generic target (gfx10-3-generic -> 10).
  size_t digits = 3;
  while (digits < arch.size() && std::isdigit((unsigned char)arch[digits])) ++digits;
  std::string number = arch.substr(3, digits - 3);
  bool generic = digits < arch.size() && arch[digits] == '-';
  size_t end = arch.find(':'); // target-id features (xnack+, sramecc-)
  std::string processor = arch.substr(3, end == std::string::npos ? std::string::npos : end - 3);
  int generation = generic ? std::atoi(number.c_str())
                           : std::atoi(processor.substr(0, processor.size() >= 2 ? processor.size() - 2 : 0).c_str());
  if (generation < 10) return 64;
  return wave64 ? 64 : 32;
}

std::vector<Pass> planPasses(const std::vector<std::string> &archs, SourceLanguage language,
                             const std::vector<std::string> &tuArgs) {
  bool hip = language == SourceLanguage::Hip;
  bool wave64 = false; // the last of -m[no-]wavefrontsize64 wins, as in clang
  for (const std::string &a : tuArgs) {
    if (a == "-mwavefrontsize64") wave64 = true;
    if (a == "-mno-wavefrontsize64") wave64 = false;
  }
  std::vector<Pass> passes{Pass{true, "", hip, hip ? 64u : 32u}};
  std::vector<std::string> seen;
  std::vector<std::string> defaults{hip ? "gfx90a" : "sm_90"};
  for (const std::string &a : archs.empty() ? defaults : archs) {
    if (std::find(seen.begin(), seen.end(), a) != seen.end()) continue;
    seen.push_back(a);
    passes.push_back(Pass{false, a, hip, hip ? amdWaveSize(a, wave64) : 32u});
  }
  return passes;
}

} // namespace warpcheck
