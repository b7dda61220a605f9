#include "reports/suppress/UnusedSuppressions.h"
#include "reports/RuleCatalog.h"
#include "reports/SourcePaths.h"
#include <algorithm>

namespace warpcheck {
namespace {

constexpr const char *kRule = "unused-suppression";

Finding unusedFinding(const std::string &file, unsigned line, unsigned column, const std::string &message) {
  Finding f;
  f.rule = kRule;
  f.severity = Severity::Note;
  if (const RuleInfo *r = findRule(kRule)) f.severity = r->severity;
  f.message = message;
  f.where = {file, line, column, line, column};
  return f;
}

// Ours, reported by lint, and run this time; never this rule itself (its
// findings come after NOLINT comments are applied: none can silence one).
bool checkable(const UnusedScope &scope, const std::string &rule) {
  const RuleInfo *r = findRule(rule);
  return r && r->isStatic && rule != kRule && scope.ruleRan && scope.ruleRan(rule);
}

} // namespace

std::vector<Finding> unusedSuppressions(const std::vector<UnusedNolint> &nolints,
                                        const std::vector<BaselineEntry> &unmatched, const UnusedScope &scope) {
  std::vector<Finding> out;
  auto analysed = [&](const std::string &file) {
    return std::find(scope.files.begin(), scope.files.end(), file) != scope.files.end();
  };
  for (const UnusedNolint &u : nolints) {
    if (!analysed(u.file) || !checkable(scope, u.rule)) continue;
    out.push_back(unusedFinding(u.file, u.line, u.column,
                                "NOLINT comment names '" + u.rule + "', which reports nothing here: remove '" +
                                    u.rule + "' from it (or the comment)"));
  }
  for (const BaselineEntry &e : unmatched) {
    if (!checkable(scope, e.rule)) continue;
    // The entry's file, as the report names it, when lint analysed it.
    const std::string *file = nullptr;
    for (const std::string &f : scope.files)
      if (relativeToRoot(f, scope.sourceRoot) == e.file) file = &f;
    if (!file) continue;
    out.push_back(unusedFinding(*file, e.line, e.line ? 1 : 0,
                                "baseline entry '" + e.fingerprint + "' of '" + scope.baselinePath + "' for '" +
                                    e.rule + "' matches no finding: it was fixed, or its line changed; remove the "
                                    "entry (--write-baseline writes the baseline afresh)"));
  }
  return out;
}

} // namespace warpcheck
