#pragma once
// The rule catalogue, generated from rules/*.md (see rules/gen_catalog.py).
#include "reports/model/Finding.h"
#include "reports/model/Severity.h"
#include <string>
#include <vector>

namespace warpcheck {

struct RuleInfo {
  std::string id;
  Severity severity;
  bool isStatic;   // reported by `warpcheck lint`
  bool isDynamic;  // reported by `warpcheck run`
  std::string summary;
  std::string guide; // where the guides state the constraint
  std::string doc;   // the full markdown doc (explain, SARIF help)
  std::string description;       // first paragraph of "What it finds", plain text (SARIF)
  std::vector<std::string> tags; // SARIF properties.tags: cuda, concurrency, ...
  std::string precision;         // very-high | high | medium | low (SARIF, GitHub)
};

const std::vector<RuleInfo> &ruleCatalog();
// nullptr when no rule has this id.
const RuleInfo *findRule(const std::string &id);

// A finding of `rule` at one point, at the rule's catalogue severity
// (`unknown` if the catalogue lacks it): what the report controls add.
Finding ruleFindingAt(const std::string &rule, Severity unknown, const std::string &file, unsigned line,
                      unsigned column, const std::string &message);
// What `warpcheck explain` prints, and SARIF's help text: a title line, the
// summary, the guide, then the whole doc.
std::string ruleHelpText(const RuleInfo &rule);
// The known id closest to `id` by edit distance, or "" when none is close.
std::string nearestRuleId(const std::string &id);

} // namespace warpcheck
