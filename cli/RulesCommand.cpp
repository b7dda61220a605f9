// `warpcheck rules` and `warpcheck explain RULE`: both read the catalogue
// generated from rules/*.md.
#include "cli/ArgParser.h"
#include "cli/Commands.h"
#include "reports/model/RuleCatalog.h"
#include <algorithm>
#include <iomanip>
#include <iostream>

namespace warpcheck::cli {

int rulesCommand(const std::vector<std::string> &args) {
  CommandSpec spec{"rules", "warpcheck rules", "List every rule: id, severity, halves, summary.", {}, false};
  ParsedArgs parsed;
  if (std::optional<int> exit = parseCommandLine(spec, args, parsed, "warpcheck")) return *exit;
  size_t idWidth = 0; // the longest id sets the column, so ids never run into severities
  for (const RuleInfo &r : ruleCatalog()) idWidth = std::max(idWidth, r.id.size());
  for (const RuleInfo &r : ruleCatalog()) {
    std::string halves = std::string(r.isStatic ? "lint" : "") + (r.isStatic && r.isDynamic ? "," : "") +
                         (r.isDynamic ? "run" : "");
    std::cout << std::left << std::setw(int(idWidth + 2)) << r.id << std::setw(9) << severityName(r.severity)
              << std::setw(10) << halves << r.summary << '\n';
  }
  return kExitClean;
}

int explainCommand(const std::vector<std::string> &args) {
  CommandSpec spec{"explain", "warpcheck explain RULE", "Print the documentation of RULE.", {}, true};
  ParsedArgs parsed;
  if (std::optional<int> exit = parseCommandLine(spec, args, parsed, "warpcheck")) return *exit;
  if (parsed.positionals.size() != 1) {
    std::cerr << "warpcheck: error: 'explain' takes exactly one rule id\n";
    return kExitUsage;
  }
  const std::string &id = parsed.positionals[0];
  const RuleInfo *r = findRule(id);
  if (!r) {
    std::string near = nearestRuleId(id);
    std::cerr << "warpcheck: error: unknown rule '" << id << "'"
              << (near.empty() ? "" : "; did you mean '" + near + "'?") << '\n';
    return kExitUsage;
  }
  std::cout << ruleHelpText(*r);
  return kExitClean;
}

} // namespace warpcheck::cli
