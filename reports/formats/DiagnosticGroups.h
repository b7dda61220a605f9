#pragma once
// A compiler error usually repeats in every pass (host, sm_90, ...): the
// human and IDE formats show it once and name the passes that hit it. (JSON
// keeps one message per pass: it is the data the others are made from.)
#include "reports/model/Report.h"
#include <string>
#include <vector>

namespace warpcheck {

struct DiagnosticGroup {
  const Diagnostic *first;
  std::vector<std::string> passes; // in the order they reported it
};

// Messages with the same place, severity and text, grouped; in order of
// their first appearance.
std::vector<DiagnosticGroup> groupDiagnostics(const std::vector<Diagnostic> &diags);

// " (host pass)", " (host, sm_90 passes)", or "" when no pass is named.
std::string passSuffix(const std::vector<std::string> &passes);

} // namespace warpcheck
