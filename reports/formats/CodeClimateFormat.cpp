#include "reports/formats/CodeClimateFormat.h"
#include "reports/suppress/Fingerprint.h"
#include "reports/model/SourcePaths.h"
#include <algorithm>
#include <set>
#include <tuple>

namespace warpcheck {
namespace {

using nlohmann::json;

std::string pathOf(const std::string &file, const FormatOptions &opts) {
  return shownPath(file, opts.sourceRoot);
}

// GitLab places every issue on a line: one without a location (a run of a
// program built without -lineinfo) goes on line 1 of the file it names, if any.
json location(const SourceRange &r, const FormatOptions &opts) {
  unsigned begin = r.line ? r.line : 1;
  unsigned end = std::max(begin, r.endLine);
  return {{"path", pathOf(r.file, opts)}, {"lines", {{"begin", begin}, {"end", end}}}};
}

std::string place(const SourceRange &r, const FormatOptions &opts) {
  std::string s = locationText(pathOf(r.file, opts), r, ColumnShown::IfKnown);
  return s.empty() ? "(no location)" : s;
}

// Markdown: the notes, what the GPU saw, and where the rule is explained.
std::string body(const Finding &f, const FormatOptions &opts) {
  std::string s;
  for (const Note &n : f.notes) s += "- note: `" + place(n.where, opts) + "`: " + n.message + "\n";
  if (f.evidence)
    s += "- seen " + std::to_string(f.evidence->count) + " times in kernel `" + f.evidence->kernel + "`\n";
  if (!f.passes.empty()) {
    s += "- passes:";
    for (const std::string &p : f.passes) s += " " + p;
    s += "\n";
  }
  if (!s.empty()) s += "\n";
  return s + "`warpcheck explain " + f.rule + "` tells what the rule checks and how to fix it.";
}

json issue(const Finding &f, const std::string &fingerprint, const FormatOptions &opts) {
  return {{"type", "issue"},
          {"check_name", f.rule},
          {"description", f.message},
          {"categories", {"Bug Risk"}},
          {"severity", codeClimateSeverity(f.severity)},
          {"fingerprint", fingerprint},
          {"location", location(f.where, opts)},
          {"content", {{"body", body(f, opts)}}}};
}

// Compiler errors of files that failed to parse, once for all the passes
// that hit each, as findings of a pseudo-rule so that they get fingerprints.
std::vector<Finding> parseErrors(const Report &report) {
  std::vector<Finding> out;
  std::set<std::tuple<std::string, unsigned, unsigned, std::string>> seen;
  for (const FileStatus &file : report.files)
    for (const Diagnostic &d : file.diagnostics) {
      if (d.severity != "error" && d.severity != "fatal error") continue;
      if (!seen.emplace(d.where.file, d.where.line, d.where.column, d.message).second) continue;
      Finding f;
      f.rule = "parse-error";
      f.severity = Severity::Error;
      f.message = d.message;
      f.where = d.where;
      out.push_back(f);
    }
  for (const FileStatus &file : report.files)
    if (!file.incompleteRules.empty()) {
      Finding f;
      f.rule = "incomplete-analysis";
      f.severity = Severity::Warning;
      f.message = incompleteAnalysisMessage(file);
      f.where.file = file.path;
      f.where.line = f.where.endLine = 1;
      out.push_back(f);
    }
  return out;
}

} // namespace

const char *codeClimateSeverity(Severity s) {
  switch (s) {
  case Severity::Error: return "critical";
  case Severity::Warning: return "major";
  case Severity::Note: return "info";
  }
  return "critical";
}

json toCodeClimate(const Report &report, const FormatOptions &opts) {
  std::vector<Finding> issues = parseErrors(report);
  size_t firstFinding = issues.size();
  issues.insert(issues.end(), report.findings.begin(), report.findings.end());
  // Only those without one (parse errors, a report that skipped it) get one here.
  assignFingerprints(issues, opts.sourceRoot);

  json out = json::array();
  std::set<std::string> used;
  for (size_t i = 0; i < issues.size(); ++i) {
    // GitLab requires unique fingerprints; a report whose findings share one
    // (edited by hand, or merged from two) gets "+N" on the repeats.
    std::string fp = issues[i].fingerprint;
    for (unsigned n = 2; !used.insert(fp).second; ++n) fp = issues[i].fingerprint + "+" + std::to_string(n);
    json j = issue(issues[i], fp, opts);
    if (i < firstFinding)
      j["content"]["body"] = issues[i].rule == "parse-error"
                                 ? "The compiler could not parse this file, so warpcheck did not check it completely."
                                 : "warpcheck's time budget for this file ran out (--max-time-per-file), so the "
                                   "rules named were not completed on it.";
    out.push_back(j);
  }
  return out;
}

void writeCodeClimate(std::ostream &os, const Report &report, const FormatOptions &opts) {
  os << toCodeClimate(report, opts).dump(2, ' ', false, json::error_handler_t::replace) << '\n';
}

} // namespace warpcheck
