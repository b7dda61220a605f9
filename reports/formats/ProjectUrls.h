#pragma once
// Where warpcheck lives on the web, for SARIF's informationUri and the
// helpUri of every rule: the one place that names it. Set at configure time
// (-DWARPCHECK_HOMEPAGE=https://...); by default there is none, and the
// URIs are left out rather than pointing nowhere (the rule's whole doc is
// in the SARIF help text anyway).
#include <string>

#ifndef WARPCHECK_HOMEPAGE
#define WARPCHECK_HOMEPAGE ""
#endif

namespace warpcheck {

inline constexpr const char *kHomepage = WARPCHECK_HOMEPAGE;

// The rule's document (rules/<id>.md) at the homepage, or "" without one.
inline std::string ruleDocUrl(const std::string &ruleId) {
  if (!*kHomepage) return "";
  return std::string(kHomepage) + "/blob/main/rules/" + ruleId + ".md";
}

} // namespace warpcheck
