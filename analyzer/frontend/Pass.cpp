#include "analyzer/frontend/Pass.h"
#include "support/GpuArch.h"
#include <algorithm>

namespace warpcheck {

unsigned amdWaveSize(const std::string &arch, bool wave64) {
  if (amdGpuGeneration(arch) < 10) return 64;
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
