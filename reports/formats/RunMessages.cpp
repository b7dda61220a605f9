#include "reports/formats/Counted.h"
#include "support/Printable.h"
#include "reports/formats/TextFormat.h"
#include <cstring>
#include "reports/formats/RunMessages.h"

namespace warpcheck {

void writeRunMessages(std::ostream &os, const Report &report) {
  const RunSummary &r = *report.run;
  // They quote the program and its kernels' names, or a saved report's text.
  for (const std::string &e : r.errors) os << "warpcheck: error: " << printable(e) << "\n";
  for (const std::string &w : r.warnings) os << "warpcheck: warning: " << printable(w) << "\n";
  if (r.launches == 0)
    os << "warpcheck: note: the program launched no CUDA kernels; nothing was checked\n";
  os << "warpcheck: checked " << r.launchesChecked << " of " << counted(r.launches, "launch", "launches") << " ("
     << counted(r.kernels.size(), "kernel") << "): ";
  writeSeverityCounts(os, report.findings);
  writeSuppressedCounts(os, report.suppressed);
  os << "\n";
}

} // namespace warpcheck
