#include "analyzer/frontend/Pass.h"

namespace warpcheck {

std::vector<Pass> planPasses(const std::vector<std::string> &archs) {
  std::vector<Pass> passes{Pass{true, ""}};
  std::vector<std::string> seen;
  for (const std::string &a : archs.empty() ? std::vector<std::string>{"sm_90"} : archs) {
    bool dup = false;
    for (const std::string &s : seen) dup |= s == a;
    if (dup) continue;
    seen.push_back(a);
    passes.push_back(Pass{false, a});
  }
  return passes;
}

} // namespace warpcheck
