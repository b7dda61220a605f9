#include "reports/Finding.h"
#include <algorithm>
#include <tuple>

namespace warpcheck {

static auto key(const Finding &f) {
  return std::tie(f.where.file, f.where.line, f.where.column, f.rule, f.message);
}

bool sameFinding(const Finding &a, const Finding &b) { return key(a) == key(b); }

void mergeFindings(std::vector<Finding> &findings) {
  std::stable_sort(findings.begin(), findings.end(),
                   [](const Finding &a, const Finding &b) { return key(a) < key(b); });
  std::vector<Finding> out;
  for (Finding &f : findings) {
    if (!out.empty() && sameFinding(out.back(), f)) {
      Finding &kept = out.back();
      for (std::string &p : f.passes)
        if (std::find(kept.passes.begin(), kept.passes.end(), p) == kept.passes.end())
          kept.passes.push_back(std::move(p));
      continue;
    }
    out.push_back(std::move(f));
  }
  findings = std::move(out);
}

} // namespace warpcheck
