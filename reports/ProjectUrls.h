#pragma once
// Where warpcheck lives on the web: the one place that names the repository,
// for SARIF's informationUri and the helpUri of every rule.
#include <string>

namespace warpcheck {

inline constexpr const char *kHomepage = "https://github.com/warpcheck/warpcheck";

// The rule's document (rules/<id>.md) in the repository.
inline std::string ruleDocUrl(const std::string &ruleId) {
  return std::string(kHomepage) + "/blob/main/rules/" + ruleId + ".md";
}

} // namespace warpcheck
