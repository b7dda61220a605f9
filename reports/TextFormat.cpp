#include "reports/TextFormat.h"
#include "reports/SourceCache.h"
#include <map>

namespace warpcheck {
namespace {

const char *colorOf(const std::string &sev) {
  if (sev == "error" || sev == "fatal error") return "\033[1;31m";
  if (sev == "warning") return "\033[1;35m";
  return "\033[1;36m";
}

class TextWriter {
public:
  TextWriter(std::ostream &os, const TextOptions &opts) : os_(os), opts_(opts) {}

  void message(const SourceRange &at, const std::string &sev, const std::string &msg,
               const std::string &rule) {
    if (opts_.color) os_ << "\033[1m";
    if (at.valid())
      os_ << at.file << ':' << at.line << ':' << (at.column ? at.column : 1) << ": ";
    if (opts_.color) os_ << colorOf(sev);
    os_ << sev << ": ";
    if (opts_.color) os_ << "\033[0m\033[1m";
    os_ << msg;
    if (!rule.empty()) os_ << " [" << rule << ']';
    if (opts_.color) os_ << "\033[0m";
    os_ << '\n';
    if (opts_.showSource) snippet(at);
  }

private:
  void snippet(const SourceRange &at) {
    if (!at.valid()) return;
    const std::string *text = sources_.line(at.file, at.line);
    if (!text) return;
    os_ << "  " << *text << '\n';
    unsigned col = at.column ? at.column : 1;
    std::string caret = "  ";
    for (unsigned i = 1; i < col && i <= text->size(); ++i)
      caret += (*text)[i - 1] == '\t' ? '\t' : ' ';
    caret += '^';
    if (at.endLine == at.line && at.endColumn > col)
      caret.append(std::min<size_t>(at.endColumn - col, text->size() + 1 - col), '~');
    if (opts_.color) os_ << "\033[1;32m";
    os_ << caret;
    if (opts_.color) os_ << "\033[0m";
    os_ << '\n';
  }

  std::ostream &os_;
  TextOptions opts_;
  SourceCache sources_;
};

} // namespace

void writeText(std::ostream &os, const Report &report, const TextOptions &opts) {
  TextWriter w(os, opts);
  for (const FileStatus &f : report.files)
    for (const Diagnostic &d : f.diagnostics)
      w.message(d.where, d.severity,
                d.message + (d.pass.empty() ? "" : " (" + d.pass + " pass)"), "");
  for (const Finding &f : report.findings) {
    w.message(f.where, severityName(f.severity), f.message, f.rule);
    for (const Note &n : f.notes)
      w.message(n.where, "note", n.message, "");
  }
}

void writeSummary(std::ostream &os, const Report &report) {
  std::map<Severity, size_t> bySeverity;
  for (const Finding &f : report.findings)
    ++bySeverity[f.severity];
  size_t failed = 0, skipped = 0;
  for (const FileStatus &f : report.files) {
    failed += f.status == FileStatusKind::ParseError;
    skipped += f.status == FileStatusKind::Skipped;
  }
  os << report.findings.size() << (report.findings.size() == 1 ? " finding" : " findings");
  os << " (" << bySeverity[Severity::Error] << " errors, " << bySeverity[Severity::Warning]
     << " warnings) in " << report.files.size() << (report.files.size() == 1 ? " file" : " files");
  if (failed) os << "; " << failed << " failed to parse";
  if (skipped) os << "; " << skipped << " skipped";
  os << '\n';
}

} // namespace warpcheck
