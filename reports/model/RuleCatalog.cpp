#include "reports/model/RuleCatalog.h"
#include <algorithm>
#include <vector>

namespace warpcheck {

const RuleInfo *findRule(const std::string &id) {
  for (const RuleInfo &r : ruleCatalog())
    if (r.id == id)
      return &r;
  return nullptr;
}

std::string ruleHelpText(const RuleInfo &r) {
  return "# " + r.id + " (" + severityName(r.severity) + ")\n\n" + r.summary + "\n\nGuide: " + r.guide + "\n\n" +
         r.doc;
}

static size_t editDistance(const std::string &a, const std::string &b) {
  std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j)
    prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= b.size(); ++j)
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1])});
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

// The words of an id ("barrier-divergent": barrier, divergent), sorted.
static std::vector<std::string> sortedWords(const std::string &id) {
  std::vector<std::string> words;
  size_t start = 0;
  while (start <= id.size()) {
    size_t dash = id.find('-', start);
    words.push_back(id.substr(start, dash == std::string::npos ? std::string::npos : dash - start));
    if (dash == std::string::npos) break;
    start = dash + 1;
  }
  std::sort(words.begin(), words.end());
  return words;
}

std::string nearestRuleId(const std::string &id) {
  // The rule's words in another order ("divergent-barrier") are far by
  // edit distance but plainly meant.
  if (id.find('-') != std::string::npos) {
    std::vector<std::string> words = sortedWords(id);
    for (const RuleInfo &r : ruleCatalog())
      if (r.id != id && sortedWords(r.id) == words) return r.id;
  }
  std::string best;
  size_t bestDist = std::max<size_t>(3, id.size() / 3) + 1;
  for (const RuleInfo &r : ruleCatalog()) {
    size_t d = editDistance(id, r.id);
    if (d < bestDist) {
      bestDist = d;
      best = r.id;
    }
  }
  return best;
}

const char *severityName(Severity s) {
  switch (s) {
  case Severity::Note: return "note";
  case Severity::Warning: return "warning";
  case Severity::Error: return "error";
  }
  return "error";
}

std::optional<Severity> parseSeverity(std::string_view name) {
  if (name == "note") return Severity::Note;
  if (name == "warning") return Severity::Warning;
  if (name == "error") return Severity::Error;
  return std::nullopt;
}

Finding ruleFindingAt(const std::string &rule, Severity unknown, const std::string &file, unsigned line,
                      unsigned column, const std::string &message) {
  Finding f;
  f.rule = rule;
  f.severity = unknown;
  if (const RuleInfo *r = findRule(rule)) f.severity = r->severity;
  f.message = message;
  f.where = {file, line, column, line, column};
  return f;
}

} // namespace warpcheck
