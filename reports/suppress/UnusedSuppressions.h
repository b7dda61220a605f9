#pragma once
// unused-suppression, ruff's RUF100 for warpcheck's controls: a rule id in a
// NOLINT comment that silenced no finding of that rule, and a baseline
// entry that matched no finding. Only where lint can tell: in the files it
// analysed completely, for the rules that ran there (a comment for a rule
// the configuration turns off, or for one only `run` reports, is not
// unused).
#include "reports/suppress/Baseline.h"
#include "reports/suppress/Nolint.h"
#include <functional>
#include <string>
#include <vector>

namespace warpcheck {

struct UnusedScope {
  // Whether lint ran a static rule on a file (its configuration may differ
  // from another file's).
  std::function<bool(const std::string &file, const std::string &rule)> ruleRan;
  std::vector<std::string> files; // analysed completely, as the report names them
  std::string sourceRoot;         // baseline entries name files relative to it
  std::string baselinePath;       // named in the message
};

std::vector<Finding> unusedSuppressions(const std::vector<UnusedNolint> &nolints,
                                        const std::vector<BaselineEntry> &unmatched, const UnusedScope &scope);

} // namespace warpcheck
