#pragma once
// A rule of the catalogue as a name the compiler checks. rules/gen_catalog.py
// writes one constant per rules/*.md into the generated "rules/RuleIds.h"
// (rule::BarrierDivergent, ...); code that reports a finding names its rule
// through it, so a rule id that is not in rules/ does not compile, and the
// severities it starts from are the catalogue's.
#include "reports/model/Severity.h"

namespace warpcheck {

struct RuleId {
  const char *id;       // "barrier-divergent", as in the reports
  Severity severity;    // the catalogue's severity (`severity:`)
  Severity runSeverity; // what `warpcheck run` reports at (`run-severity:`, else `severity:`)
  bool lint;            // reported by `warpcheck lint` (halves: static)
  bool run;             // reported by `warpcheck run` (halves: dynamic)
};

} // namespace warpcheck
