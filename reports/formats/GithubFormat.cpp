#include "reports/formats/GithubFormat.h"
#include "reports/formats/Counted.h"
#include "reports/formats/DiagnosticGroups.h"
#include "support/Printable.h"
#include "reports/model/SourcePaths.h"
#include <algorithm>

namespace warpcheck {
namespace {

constexpr size_t kAnnotationsPerLevel = 10; // per step, per level (actions/toolkit)

const char *command(Severity s) {
  switch (s) {
  case Severity::Error: return "error";
  case Severity::Warning: return "warning";
  case Severity::Note: return "notice";
  }
  return "notice";
}

// A note's place, by line: GitHub shows the note's text, not a link.
std::string where(const SourceRange &r, const std::string &root) {
  if (!r.valid()) return "";
  return locationText(shownPath(r.file, root), r, ColumnShown::None) + ": ";
}

} // namespace

// Newlines as the runner's %0A (GitHub shows them as line breaks); other
// control characters as \xNN, so the log shows no terminal escapes.
std::string githubEscapeData(const std::string &s) {
  std::string out;
  for (char c : s) {
    if (c == '%') out += "%25";
    else if (c == '\r') out += "%0D";
    else if (c == '\n') out += "%0A";
    else out += c;
  }
  return printable(out, std::string::npos, /*keepTabs=*/true);
}

std::string githubEscapeProperty(const std::string &s) {
  std::string out;
  for (char c : githubEscapeData(s)) {
    if (c == ':') out += "%3A";
    else if (c == ',') out += "%2C";
    else out += c;
  }
  return out;
}

void writeGithub(std::ostream &os, const Report &report, const FormatOptions &opts) {
  const std::string &root = opts.sourceRoot;
  std::vector<const Finding *> order;
  for (const Finding &f : report.findings) order.push_back(&f);
  std::stable_sort(order.begin(), order.end(),
                   [](const Finding *a, const Finding *b) { return a->severity > b->severity; });
  size_t counts[3] = {0, 0, 0};
  // Files that did not parse: errors, ahead of the findings.
  for (const FileStatus &fs : report.files)
    for (const DiagnosticGroup &g : groupDiagnostics(fs.diagnostics)) {
      const Diagnostic &d = *g.first;
      if (d.severity != "error" && d.severity != "fatal error") continue;
      ++counts[(int)Severity::Error];
      os << "::error file=" << githubEscapeProperty(shownPath(d.where.file.empty() ? fs.path : d.where.file, root));
      if (d.where.valid()) os << ",line=" << d.where.line << ",endLine=" << d.where.line;
      os << ",title=warpcheck parse error::" << githubEscapeData(d.message + passSuffix(g.passes)) << '\n';
    }
  for (const FileStatus &fs : report.files)
    if (!fs.incompleteRules.empty()) {
      ++counts[(int)Severity::Warning];
      os << "::warning file=" << githubEscapeProperty(shownPath(fs.path, root)) << ",title=warpcheck analysis incomplete::"
         << githubEscapeData(incompleteAnalysisMessage(fs)) << '\n';
    }
  for (const Finding *f : order) {
    ++counts[(int)f->severity];
    const SourceRange &r = f->where;
    os << "::" << command(f->severity);
    std::string props;
    auto prop = [&](const std::string &k, const std::string &v) {
      props += (props.empty() ? " " : ",") + k + "=" + githubEscapeProperty(v);
    };
    if (r.valid()) {
      unsigned endLine = r.endLine ? r.endLine : r.line;
      prop("file", shownPath(r.file, root));
      prop("line", std::to_string(r.line));
      prop("endLine", std::to_string(endLine));
      // Columns are only allowed on single-line ranges.
      if (endLine == r.line && r.column) {
        prop("col", std::to_string(r.column));
        prop("endColumn", std::to_string(std::max(r.endColumn, r.column)));
      }
    }
    prop("title", "warpcheck " + f->rule);
    std::string message = f->message + " [" + f->rule + "]";
    for (const Note &n : f->notes) message += "\nnote: " + where(n.where, root) + n.message;
    os << props << "::" << githubEscapeData(message) << '\n';
  }
  for (const std::string &p : report.problems) os << "::error title=warpcheck::" << githubEscapeData(p) << '\n';
  size_t e = counts[2], w = counts[1], n = counts[0];
  if (e > kAnnotationsPerLevel || w > kAnnotationsPerLevel || n > kAnnotationsPerLevel)
    os << "::notice title=warpcheck summary::" << counted(e + w + n, "finding") << " in all (" << counted(e, "error")
       << ", " << counted(w, "warning") << ", " << counted(n, "note") << "); GitHub shows " << kAnnotationsPerLevel
       << " of each kind per step: see the job log or a JSON/SARIF report for the rest\n";
}

} // namespace warpcheck
