#pragma once
// Every static rule, registered by id (see checks/AllChecks.cpp).
#include "analyzer/checks/Check.h"
#include "analyzer/checks/PassFacts.h"
#include "reports/model/Finding.h"
#include "rules/RuleIds.h"
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace warpcheck {

// Compares the facts of all passes of one TU and appends findings.
using ComparePassesFn = std::function<void(const std::vector<const PassFacts *> &passes,
                                           const AnalysisOptions &opts, std::vector<Finding> &out)>;

struct CheckFactory {
  std::string id;
  std::function<std::unique_ptr<Check>(CheckContext &)> make;
  ComparePassesFn comparePasses; // only for cross-pass rules
};

const std::vector<CheckFactory> &allChecks();

// A check is registered under a typed rule id (rule::BarrierDivergent, from
// rules/*.md), never a string: a rule the catalogue lacks does not compile.
template <class T> CheckFactory checkFactory(const RuleId &rule, ComparePassesFn compare = {}) {
  std::string id = rule.id;
  return CheckFactory{id, [id](CheckContext &ctx) { return std::make_unique<T>(id, ctx); },
                      std::move(compare)};
}

} // namespace warpcheck
