#include "reports/suppress/UnusedSuppressions.h"
#include "reports/model/RuleCatalog.h"
#include "reports/model/SourcePaths.h"
#include "rules/RuleIds.h"
#include <algorithm>

namespace warpcheck {
namespace {

constexpr const char *kRule = rule::UnusedSuppression.id;

Finding unusedFinding(const std::string &file, unsigned line, unsigned column, const std::string &message) {
  return ruleFindingAt(kRule, Severity::Note, file, line, column, message);
}

// Ours, reported by lint, and run this time; never this rule itself (its
// findings come after NOLINT comments are applied: none can silence one).
bool checkable(const UnusedScope &scope, const std::string &file, const std::string &rule) {
  const RuleInfo *r = findRule(rule);
  return r && r->isStatic && rule != kRule && scope.ruleRan && scope.ruleRan(file, rule);
}

bool isBlank(char c) { return c == ' ' || c == '\t'; }

FixIt deletion(const UnusedNolint &u, size_t from, size_t to) { // bytes [from, to) of the line
  return {{u.file, u.line, unsigned(from + 1), u.line, unsigned(to)}, ""};
}

// The edit that drops `u.rule` from its comment, when it is a plain one:
// from a list of several ids, the id and its comma; a trailing
// `// NOLINT(rule)` after code, the whole comment. None for a region (its
// NOLINTEND would be left unmatched), a comment on a line of its own (the
// line would stay, empty) or a line with another NOLINT.
std::vector<FixIt> removal(const UnusedNolint &u) {
  const std::string &t = u.lineText;
  if (u.region || u.column == 0 || u.column > t.size()) return {};
  size_t open = t.find('(', u.column - 1), close = open == std::string::npos ? open : t.find(')', open);
  if (close == std::string::npos) return {};
  // The list's items, trimmed: [begin, end) each.
  std::vector<std::pair<size_t, size_t>> items;
  for (size_t at = open + 1; at <= close;) {
    size_t comma = t.find(',', at);
    size_t stop = comma == std::string::npos || comma > close ? close : comma;
    size_t b = at, e = stop;
    while (b < e && isBlank(t[b])) ++b;
    while (e > b && isBlank(t[e - 1])) --e;
    items.push_back({b, e});
    at = stop + 1;
  }
  size_t i = 0;
  while (i < items.size() && t.compare(items[i].first, items[i].second - items[i].first, u.rule) != 0) ++i;
  if (i == items.size()) return {};
  if (items.size() > 1)
    return {i + 1 < items.size() ? deletion(u, items[i].first, items[i + 1].first)
                                 : deletion(u, items[i - 1].second, items[i].second)};
  size_t slashes = u.column - 1;
  while (slashes > 0 && isBlank(t[slashes - 1])) --slashes;
  if (slashes < 2 || t.compare(slashes - 2, 2, "//") != 0) return {};
  size_t code = slashes - 2;
  while (code > 0 && isBlank(t[code - 1])) --code;
  if (code == 0 || t.find("NOLINT", close) != std::string::npos) return {};
  return {deletion(u, code, t.size())};
}

} // namespace

std::vector<Finding> unusedSuppressions(const std::vector<UnusedNolint> &nolints,
                                        const std::vector<BaselineEntry> &unmatched, const UnusedScope &scope) {
  std::vector<Finding> out;
  auto analysed = [&](const std::string &file) {
    return std::find(scope.files.begin(), scope.files.end(), file) != scope.files.end();
  };
  for (const UnusedNolint &u : nolints) {
    if (!analysed(u.file) || !checkable(scope, u.file, u.rule)) continue;
    out.push_back(unusedFinding(u.file, u.line, u.column,
                                "NOLINT comment names '" + u.rule + "', which reports nothing here: remove '" +
                                    u.rule + "' from it (or the comment)"));
    out.back().fixits = removal(u);
  }
  for (const BaselineEntry &e : unmatched) {
    // The entry's file, as the report names it, when lint analysed it.
    const std::string *file = nullptr;
    for (const std::string &f : scope.files)
      if (relativeToRoot(f, scope.sourceRoot) == e.file) file = &f;
    if (!file || !checkable(scope, *file, e.rule)) continue;
    out.push_back(unusedFinding(*file, e.line, e.line ? 1 : 0,
                                "baseline entry '" + e.fingerprint + "' of '" + scope.baselinePath + "' for '" +
                                    e.rule + "' matches no finding: it was fixed, or its line changed; remove the "
                                    "entry (--write-baseline writes the baseline afresh)"));
  }
  return out;
}

} // namespace warpcheck
