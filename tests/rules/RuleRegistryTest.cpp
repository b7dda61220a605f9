// The rule registry against the catalogue (issue 22): the static checks
// registered in analyzer/checks/AllChecks.cpp are the catalogue's lint rules
// and the rules of the GPU's finding kinds (runtime/host/FindingKinds.inc) are its
// run rules, both ways. A failure names the rules each side lacks. Without
// the analyzer (-DWARPCHECK_BUILD_ANALYZER=OFF) only the run half is checked;
// tests/scripts/test_add_rule.py compiles this file against a tree with a new
// dynamic rule.
#include "instrument/PatchState.h"
#include "rules/RuleIds.h"
#ifdef WARPCHECK_REGISTRY_HAS_ANALYZER
#include "analyzer/checks/CheckRegistry.h"
#endif
#include <gtest/gtest.h>
#include <set>
#include <string>

namespace {

using namespace warpcheck;
using Ids = std::set<std::string>;

// Rules that neither a check nor a finding kind reports: the report controls
// add them (NOLINT comments and suppression files, reports/suppress/).
const RuleId *const kReportControlRules[] = {&rule::SuppressionInvalid, &rule::UnusedSuppression};

// The catalogue's rules of one half (RuleId::lint or RuleId::run).
Ids catalogued(bool RuleId::*half) {
  Ids out;
  for (const RuleId *r : rule::kAll)
    if (r->*half) out.insert(r->id);
  for (const RuleId *r : kReportControlRules) out.erase(r->id);
  return out;
}

std::string list(const Ids &ids) {
  std::string out;
  for (const std::string &id : ids) out += (out.empty() ? "" : ", ") + id;
  return out;
}

// "" when the two sets are equal, else what each lacks.
std::string difference(const Ids &registered, const Ids &catalogue, const std::string &what,
                       const std::string &half) {
  Ids extra, missing;
  for (const std::string &id : registered)
    if (!catalogue.count(id)) extra.insert(id);
  for (const std::string &id : catalogue)
    if (!registered.count(id)) missing.insert(id);
  std::string out;
  if (!extra.empty()) out += what + " report rules that rules/*.md does not give `halves: " + half + "`: " + list(extra) + "\n";
  if (!missing.empty()) out += "rules/*.md has `halves: " + half + "` rules that no " + what + " report: " + list(missing) + "\n";
  return out;
}

TEST(RuleRegistry, FindingKindsReportTheRunRules) {
  Ids rules;
  std::set<uint32_t> kinds;
  size_t rows = 0;
#define WARPCHECK_FINDING_KIND(KIND, RULE, BUILDER)                                                          \
  rules.insert(rule::RULE.id);                                                                               \
  kinds.insert(patch::KIND);                                                                                 \
  ++rows;
#include "runtime/host/FindingKinds.inc"
#undef WARPCHECK_FINDING_KIND
  EXPECT_EQ(kinds.size(), rows) << "a finding kind has two rows in runtime/host/FindingKinds.inc";
  EXPECT_EQ(difference(rules, catalogued(&RuleId::run), "finding kinds (runtime/host/FindingKinds.inc)", "dynamic"), "");
}

#ifdef WARPCHECK_REGISTRY_HAS_ANALYZER
TEST(RuleRegistry, StaticChecksAreTheLintRules) {
  Ids checks;
  for (const CheckFactory &c : allChecks()) {
    EXPECT_TRUE(checks.insert(c.id).second) << c.id << " is registered twice in analyzer/checks/AllChecks.cpp";
  }
  EXPECT_EQ(difference(checks, catalogued(&RuleId::lint), "checks (analyzer/checks/AllChecks.cpp)", "static"), "");
}
#endif

} // namespace
