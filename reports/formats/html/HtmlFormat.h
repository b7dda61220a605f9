#pragma once
#include "reports/formats/Formats.h"
#include "reports/model/Report.h"
#include <ostream>

namespace warpcheck {

// One self-contained HTML page (no network: inline style and scripts, which
// its Content-Security-Policy pins by hash): totals, the program run, files
// not analysed, then findings grouped by rule and file, each with source
// excerpts, notes, fix-its and, for `run`, both accesses side by side. The
// page reads fine with scripts off; with them, it filters by severity, rule
// and text. Deterministic: the same report gives the same bytes. Paths are
// shown relative to opts.sourceRoot ("" keeps them as given).
void writeHtml(std::ostream &os, const Report &report, const FormatOptions &opts);

} // namespace warpcheck
