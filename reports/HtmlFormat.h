#pragma once
#include "reports/Report.h"
#include <ostream>
#include <string>

namespace warpcheck {

struct HtmlOptions {
  std::string sourceRoot; // paths are shown relative to it; "" keeps them as given
};

// One self-contained HTML page (no network: inline style and scripts, which
// its Content-Security-Policy pins by hash): totals, the program run, files
// not analysed, then findings grouped by rule and file, each with source
// excerpts, notes, fix-its and, for `run`, both accesses side by side. The
// page reads fine with scripts off; with them, it filters by severity, rule
// and text. Deterministic: the same report gives the same bytes.
void writeHtml(std::ostream &os, const Report &report, const HtmlOptions &opts);

} // namespace warpcheck
