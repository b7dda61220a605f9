#include "reports/formats/TextFormat.h"
#include "reports/formats/Counted.h"
#include "reports/formats/DiagnosticGroups.h"
#include "support/Printable.h"
#include "reports/model/SourceCache.h"
#include "reports/formats/RunMessages.h"
#include <algorithm>
#include <map>
#include <tuple>

namespace warpcheck {
namespace {

// Clang's palette: bold location and message, red errors, magenta warnings,
// cyan notes, green carets.
constexpr const char *kBold = "\033[1m", *kReset = "\033[0m", *kGreen = "\033[1;32m";

const char *colorOf(const std::string &sev) {
  if (sev == "error" || sev == "fatal error") return "\033[1;31m";
  if (sev == "warning") return "\033[1;35m";
  return "\033[1;36m";
}

// A source line as shown: tabs expanded to 8-column stops (as clang does, so
// the caret line lines up in any terminal) and a map from byte to display
// column. UTF-8 continuation bytes take no column of their own; control
// characters and bytes that are not UTF-8 show as \xNN (support/Printable.h),
// four columns wide, so that a source line cannot drive the terminal.
struct ShownLine {
  std::string text;
  std::vector<unsigned> col; // col[i]: display column (0-based) of byte i; col[size] = width
};

ShownLine expandLine(const std::string &raw) {
  ShownLine s;
  unsigned width = 0;
  size_t escapedUntil = 0; // bytes before this belong to an escape already shown
  for (size_t i = 0; i < raw.size(); ++i) {
    char c = raw[i];
    s.col.push_back(width);
    if (i < escapedUntil) continue;
    if (c == '\t') {
      unsigned next = (width / 8 + 1) * 8;
      s.text.append(next - width, ' ');
      width = next;
    } else if (size_t n = escapedLength(raw, i)) {
      s.text += printable(raw.substr(i, n));
      width += 4;
      escapedUntil = i + n;
    } else {
      s.text += c;
      if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++width;
    }
  }
  s.col.push_back(width);
  return s;
}

class TextWriter {
public:
  TextWriter(std::ostream &os, const FormatOptions &opts) : os_(os), opts_(opts) {}

  // `file:line:col: sev: msg [rule]`: the first line of every message, in the
  // form VS Code's $gcc problem matcher and editors' error parsers expect.
  void header(const SourceRange &at, const std::string &sev, const std::string &msg,
              const std::string &rule) {
    if (opts_.color) os_ << kBold;
    os_ << printable(locationPrefix(at)); // "x.c: error: ..." for a whole file, as gcc prints
    if (opts_.color) os_ << colorOf(sev);
    os_ << sev << ": ";
    if (opts_.color) os_ << kReset << kBold;
    // A message's own line breaks stay (they are harmless here); its other
    // control characters do not reach the terminal.
    for (size_t start = 0, nl; start <= msg.size(); start = nl + 1) {
      nl = std::min(msg.find('\n', start), msg.size());
      os_ << (start ? "\n" : "") << printable(msg.substr(start, nl - start), std::string::npos, /*keepTabs=*/true);
    }
    if (!rule.empty()) os_ << " [" << rule << ']';
    if (opts_.color) os_ << kReset;
    os_ << '\n';
  }

  // The line `at` points into, a caret under its start and ~ under the rest
  // of the range, then the replacement text of fix-its on that line. Nothing
  // when the file cannot be read (moved, generated, or a runtime report).
  void snippet(const SourceRange &at, const std::vector<FixIt> &fixits = {}) {
    if (!opts_.showSource || !at.valid()) return;
    const std::string *raw = sources_.line(at.file, at.line);
    if (!raw) return;
    ShownLine line = expandLine(*raw);
    size_t size = raw->size();
    size_t begin = std::min<size_t>(at.column ? at.column - 1 : 0, size);
    // Inclusive end byte; a range running past this line underlines to its end.
    size_t end = begin;
    if (at.endLine > at.line)
      end = size ? size - 1 : 0;
    else if (at.endLine == at.line && at.endColumn > at.column)
      end = std::min<size_t>(at.endColumn - 1, size ? size - 1 : 0);
    end = std::max(end, begin);

    std::string number = std::to_string(at.line);
    std::string pad(std::max<size_t>(4, number.size()) + 1 - number.size(), ' ');
    std::string blank(pad.size() + number.size(), ' ');
    os_ << pad << number << " | " << line.text << '\n';

    unsigned from = line.col[begin];
    unsigned to = end < size ? line.col[end + 1] : from + 1; // display columns [from, to)
    os_ << blank << " | " << std::string(from, ' ');
    if (opts_.color) os_ << kGreen;
    os_ << '^' << std::string(to > from + 1 ? to - from - 1 : 0, '~');
    if (opts_.color) os_ << kReset;
    os_ << '\n';

    std::string fixLine = fixItLine(at, line, size, fixits);
    if (!fixLine.empty()) os_ << blank << " | " << fixLine << '\n';
  }

private:
  // Clang prints each single-line fix-it's replacement under the text it
  // replaces, left to right; one that would overlap an earlier one is left out.
  static std::string fixItLine(const SourceRange &at, const ShownLine &line, size_t size,
                               const std::vector<FixIt> &fixits) {
    std::string out;
    for (const FixIt &fx : fixits) {
      const SourceRange &w = fx.where;
      if (w.file != at.file || w.line != at.line || fx.replacement.empty() ||
          fx.replacement.find('\n') != std::string::npos)
        continue;
      size_t byte = std::min<size_t>(w.column ? w.column - 1 : 0, size);
      unsigned col = line.col[byte];
      if (col < out.size()) continue;
      out.append(col - out.size(), ' ');
      out += printable(fx.replacement, std::string::npos, /*keepTabs=*/true);
    }
    return out;
  }

  std::ostream &os_;
  const FormatOptions &opts_;
  SourceCache sources_;
};

void writeMessages(std::ostream &os, const Report &report, const FormatOptions &opts);

// A run report: its findings (at most opts.printLimit), then what the run
// has to say.
void writeRunText(std::ostream &os, const Report &report, const FormatOptions &opts) {
  size_t hidden = 0;
  if (opts.printLimit && report.findings.size() > opts.printLimit) {
    hidden = report.findings.size() - opts.printLimit;
    Report shown = report;
    shown.findings.resize(opts.printLimit);
    writeMessages(os, shown, opts);
  } else {
    writeMessages(os, report, opts);
  }
  if (hidden) os << "warpcheck: " << hidden << " more findings not shown (--print-limit " << opts.printLimit << ")\n";
  writeRunMessages(os, report);
}

// The files' compiler messages, the findings and the report's problems.
void writeMessages(std::ostream &os, const Report &report, const FormatOptions &opts) {
  TextWriter w(os, opts);
  for (const FileStatus &f : report.files) {
    for (const DiagnosticGroup &g : groupDiagnostics(f.diagnostics)) {
      w.header(g.first->where, g.first->severity, g.first->message + passSuffix(g.passes), "");
      w.snippet(g.first->where);
    }
    if (!f.incompleteRules.empty()) {
      SourceRange whole;
      whole.file = f.path;
      w.header(whole, "warning", incompleteAnalysisMessage(f), "");
    }
  }
  for (const Finding &f : report.findings) {
    w.header(f.where, severityName(f.severity), f.message, f.rule);
    w.snippet(f.where, f.fixits);
    for (const Note &n : f.notes) {
      w.header(n.where, "note", n.message, "");
      w.snippet(n.where);
    }
  }
  writeProblems(os, report);
}

} // namespace

void writeProblems(std::ostream &os, const Report &report) {
  for (const std::string &p : report.problems) os << "warpcheck: error: " << printable(p) << '\n';
}

void writeText(std::ostream &os, const Report &report, const FormatOptions &opts) {
  if (report.run) return writeRunText(os, report, opts);
  writeMessages(os, report, opts);
}

void writeSuppressedCounts(std::ostream &os, const SuppressedCounts &s) {
  if (!s.total()) return;
  os << "; " << s.total() << " suppressed (";
  const char *sep = "";
  for (auto [n, what] : {std::pair{s.nolint, "NOLINT"}, {s.suppressionFile, "suppression file"}, {s.baseline, "baseline"}})
    if (n) os << sep << n << ' ' << what, sep = ", ";
  os << ')';
}

void writeSeverityCounts(std::ostream &os, const std::vector<Finding> &findings) {
  std::map<Severity, size_t> bySeverity;
  for (const Finding &f : findings)
    ++bySeverity[f.severity];
  os << counted(findings.size(), "finding") << " (" << counted(bySeverity[Severity::Error], "error") << ", "
     << counted(bySeverity[Severity::Warning], "warning");
  if (size_t notes = bySeverity[Severity::Note]) os << ", " << counted(notes, "note");
  os << ')';
}

void writeSummary(std::ostream &os, const Report &report) {
  size_t failed = 0, skipped = 0, withErrors = 0, incomplete = 0;
  for (const FileStatus &f : report.files) {
    failed += f.status == FileStatusKind::ParseError;
    withErrors += f.status == FileStatusKind::AnalyzedWithErrors;
    skipped += f.status == FileStatusKind::Skipped;
    incomplete += !f.incompleteRules.empty();
  }
  writeSeverityCounts(os, report.findings);
  os << " in " << report.files.size() << (report.files.size() == 1 ? " file" : " files");
  if (failed) os << "; " << failed << " failed to parse";
  if (withErrors) os << "; " << withErrors << " analysed with compiler errors in system headers";
  if (skipped) os << "; " << skipped << " skipped";
  if (incomplete) os << "; " << incomplete << " not completely analysed (time budget)";
  writeSuppressedCounts(os, report.suppressed);
  os << '\n';
}

} // namespace warpcheck
