#pragma once
// SARIF reporting descriptors (tool.driver.rules) from the rule catalogue.
#include "reports/model/Severity.h"
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace warpcheck {

// "error", "warning" or "note": SARIF's level, GitHub's severity.
const char *sarifLevel(Severity s);

// "barrier-divergent" -> "BarrierDivergent" (SARIF's rule `name`).
std::string pascalCase(const std::string &ruleId);

// Every rule of the catalogue, in catalogue order, then a minimal
// descriptor for each of `otherIds` (ids a report carries that the
// catalogue lacks), so that every result has a ruleIndex.
nlohmann::json sarifRules(const std::vector<std::string> &otherIds);

} // namespace warpcheck
