#pragma once
// What an analysis of one pass is asked to do: options of the run and of the
// pass, read by the checks and the engines below them (uniformity) alike.
#include "analyzer/core/AnalysisBudget.h"
#include <string>
#include <vector>

namespace warpcheck {

struct AnalysisOptions {
  bool systemHeaders = false;    // report findings in system headers too
  unsigned warpSize = 32;         // of the pass (AMD: 64 or 32 per arch)
  bool relocatableDeviceCode = false;
  // HIP: the TU's device archs whose wavefronts have 64 lanes, for messages
  // that must read the same in every pass.
  std::vector<std::string> wave64Archs;
  // The TU's time budgets (--max-time-per-file, --max-time-per-function);
  // null: unlimited.
  const AnalysisBudget *budget = nullptr;
};

} // namespace warpcheck
