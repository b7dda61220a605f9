#include "reports/formats/sarif/SarifRules.h"
#include "reports/formats/ProjectUrls.h"
#include "reports/model/RuleCatalog.h"
#include <cctype>

namespace warpcheck {

using nlohmann::json;

const char *sarifLevel(Severity s) {
  switch (s) {
  case Severity::Error: return "error";
  case Severity::Warning: return "warning";
  case Severity::Note: return "note";
  }
  return "warning";
}

std::string pascalCase(const std::string &id) {
  std::string out;
  bool upper = true;
  for (unsigned char c : id) {
    if (!std::isalnum(c)) {
      upper = true;
      continue;
    }
    out += upper ? char(std::toupper(c)) : char(c);
    upper = false;
  }
  return out;
}

json sarifRules(const std::vector<std::string> &otherIds) {
  json rules = json::array();
  for (const RuleInfo &r : ruleCatalog()) {
    // The help is what `warpcheck explain` prints, markdown that reads as
    // text too; GitHub renders help.markdown.
    std::string help = ruleHelpText(r);
    rules.push_back({{"id", r.id},
                     {"name", pascalCase(r.id)},
                     {"shortDescription", {{"text", r.summary}}},
                     {"fullDescription", {{"text", r.description}}},
                     {"help", {{"text", help}, {"markdown", help}}},
                     {"defaultConfiguration", {{"level", sarifLevel(r.severity)}}},
                     {"properties", {{"tags", r.tags}, {"precision", r.precision}}}});
    if (std::string uri = ruleDocUrl(r.id); !uri.empty()) rules.back()["helpUri"] = uri;
  }
  for (const std::string &id : otherIds)
    rules.push_back({{"id", id},
                     {"name", pascalCase(id)},
                     {"shortDescription", {{"text", "'" + id + "' (not a rule of warpcheck's catalogue)"}}}});
  return rules;
}

} // namespace warpcheck
