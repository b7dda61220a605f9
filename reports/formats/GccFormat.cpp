#include "reports/formats/GccFormat.h"
#include "reports/formats/DiagnosticGroups.h"
#include "support/Printable.h"

namespace warpcheck {
namespace {

// One line per message, whatever the message holds: line breaks as spaces,
// other controls as \xNN (support/Printable.h). (Paths: all as \xNN.)
std::string oneLine(std::string s) {
  for (char &c : s)
    if (c == '\n' || c == '\r') c = ' ';
  return printable(s, std::string::npos, /*keepTabs=*/true);
}

void line(std::ostream &os, const SourceRange &at, const std::string &severity, const std::string &message,
          const std::string &rule) {
  std::string prefix = locationPrefix(at);
  os << (prefix.empty() ? "warpcheck: " : printable(prefix));
  os << severity << ": " << oneLine(message);
  if (!rule.empty()) os << " [" << rule << ']';
  os << '\n';
}

} // namespace

void writeGcc(std::ostream &os, const Report &report, const FormatOptions &) {
  for (const FileStatus &f : report.files)
    for (const DiagnosticGroup &g : groupDiagnostics(f.diagnostics))
      if (g.first->severity == "error" || g.first->severity == "fatal error")
        line(os, g.first->where, "error", g.first->message + passSuffix(g.passes), "");
  for (const FileStatus &f : report.files)
    if (!f.incompleteRules.empty()) {
      SourceRange whole;
      whole.file = f.path;
      line(os, whole, "warning", incompleteAnalysisMessage(f), "");
    }
  // Notes follow their finding as compilers print them: for a barrier
  // finding they say where the branch is, the most useful part.
  for (const Finding &f : report.findings) {
    line(os, f.where, severityName(f.severity), f.message, f.rule);
    for (const Note &n : f.notes) line(os, n.where, "note", n.message, "");
  }
  for (const std::string &p : report.problems) line(os, SourceRange{}, "error", p, "");
}

} // namespace warpcheck
