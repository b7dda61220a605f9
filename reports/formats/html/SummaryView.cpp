#include "support/Printable.h"
#include "reports/model/RuleCatalog.h"
#include "reports/formats/html/SummaryView.h"
#include "reports/formats/html/Escape.h"
#include "reports/formats/html/Excerpt.h"
#include "reports/formats/html/FindingView.h"
#include <map>
#include <tuple>

namespace warpcheck::html {
namespace {

std::string plural(size_t n, const char *one, const char *many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string stat(const std::string &cls, size_t n, const std::string &what) {
  return "<div class=\"stat " + cls + "\"><span class=\"n\">" + std::to_string(n) + "</span>" + what + "</div>";
}

std::string fact(const char *name, const std::string &valueHtml) {
  return std::string("<div><dt>") + name + "</dt><dd>" + valueHtml + "</dd></div>";
}

std::string messageList(const char *cls, const std::vector<std::string> &items) {
  std::string out = std::string("<ul class=\"messages ") + cls + "\">";
  for (const std::string &m : items) out += "<li>" + escape(m) + "</li>";
  return out + "</ul>";
}

// A parse error usually repeats in every pass (host, sm_90, ...): shown
// once, naming all the passes that hit it.
std::string diagnosticsHtml(PageContext &ctx, const std::vector<Diagnostic> &diags) {
  using Key = std::tuple<std::string, unsigned, unsigned, std::string, std::string>;
  std::map<Key, size_t> seen;
  std::vector<std::pair<const Diagnostic *, std::vector<std::string>>> grouped;
  for (const Diagnostic &d : diags) {
    auto [it, fresh] = seen.emplace(Key{d.where.file, d.where.line, d.where.column, d.severity, d.message},
                                    grouped.size());
    if (fresh) grouped.push_back({&d, {}});
    if (!d.pass.empty()) grouped[it->second].second.push_back(d.pass);
  }
  std::string out;
  for (const auto &[d, passes] : grouped) {
    std::string message = d->message;
    if (!passes.empty()) {
      message += " (";
      for (size_t i = 0; i < passes.size(); ++i) message += (i ? ", " : "") + passes[i];
      message += passes.size() == 1 ? " pass)" : " passes)";
    }
    out += "<div class=\"diagnostic\">" + headLine(ctx, d->severity, d->where, message) +
           excerpt(ctx.sources, d->where) + "</div>";
  }
  return out;
}

} // namespace

std::string severityCounts(const size_t bySeverity[3]) {
  std::string s;
  auto add = [&](size_t n, const char *one, const char *many) {
    if (n) s += (s.empty() ? "" : ", ") + plural(n, one, many);
  };
  add(bySeverity[int(Severity::Error)], "error", "errors");
  add(bySeverity[int(Severity::Warning)], "warning", "warnings");
  add(bySeverity[int(Severity::Note)], "note", "notes");
  return s;
}

std::string totalsHtml(const Report &report, const std::vector<RuleGroup> &rules) {
  size_t sev[3] = {0, 0, 0};
  for (const Finding &f : report.findings) ++sev[int(f.severity)];
  std::string out = "<div class=\"totals\">";
  out += stat("", report.findings.size(), report.findings.size() == 1 ? "finding" : "findings");
  auto label = [](size_t n, const char *one, const char *many) { return std::string(n == 1 ? one : many); };
  out += stat("sev-error", sev[int(Severity::Error)], label(sev[int(Severity::Error)], "error", "errors"));
  out += stat("sev-warning", sev[int(Severity::Warning)], label(sev[int(Severity::Warning)], "warning", "warnings"));
  if (sev[int(Severity::Note)])
    out += stat("sev-note", sev[int(Severity::Note)], label(sev[int(Severity::Note)], "note", "notes"));
  if (report.run) {
    out += stat("", report.run->launchesChecked, "of " + plural(report.run->launches, "launch", "launches") +
                                                     " checked");
  } else {
    size_t status[4] = {0, 0, 0, 0};
    for (const FileStatus &f : report.files) ++status[int(f.status)];
    size_t analysed = status[int(FileStatusKind::Analyzed)];
    out += stat("", analysed, label(analysed, "file analysed", "files analysed"));
    if (status[int(FileStatusKind::ParseError)])
      out += stat("sev-error", status[int(FileStatusKind::ParseError)], "failed to parse");
    if (status[int(FileStatusKind::AnalyzedWithErrors)])
      out += stat("sev-warning", status[int(FileStatusKind::AnalyzedWithErrors)], "analysed with compiler errors");
    if (status[int(FileStatusKind::Skipped)])
      out += stat("", status[int(FileStatusKind::Skipped)], "skipped");
  }
  out += "</div>";
  if (rules.empty()) return out;

  out += "<table class=\"by-rule\"><thead><tr><th>rule</th><th>findings</th><th>severity</th><th>finds</th>"
         "</tr></thead><tbody>";
  for (const RuleGroup &g : rules) {
    const RuleInfo *info = findRule(g.rule);
    out += "<tr><td><a href=\"#" + escape(g.anchor) + "\"><code>" + escape(g.rule) + "</code></a></td>";
    out += "<td class=\"num\">" + std::to_string(g.findings.size()) + "</td>";
    out += "<td>" + severityCounts(g.bySeverity) + "</td>";
    out += "<td>" + (info ? escape(info->summary) : std::string("<span class=\"muted\">unknown rule</span>")) +
           "</td></tr>";
  }
  return out + "</tbody></table>";
}

std::string runHtml(const Report &report) {
  if (!report.run) return "";
  const RunSummary &r = *report.run;
  std::string command;
  for (const std::string &arg : r.command) command += (command.empty() ? "" : " ") + shellQuoted(arg);
  std::string kernels;
  for (const std::string &k : r.kernels) kernels += (kernels.empty() ? "" : ", ") + ("<code>" + escape(k) + "</code>");

  std::string out = "<section class=\"panel run\"><h2>Program run</h2><dl class=\"facts\">";
  out += fact("command", "<code>" + escape(command) + "</code>");
  out += fact("ended", r.signal ? "by signal " + std::to_string(r.signal) : "exit code " + std::to_string(r.exitCode));
  out += fact("launches checked", std::to_string(r.launchesChecked) + " of " + std::to_string(r.launches));
  out += fact("kernels", kernels.empty() ? "none" : kernels);
  out += fact("unchecked shared accesses", std::to_string(r.uncheckedAccesses));
  out += fact("threads in unchecked blocks", std::to_string(r.uncheckedBlockThreads));
  out += fact("dropped hazards", std::to_string(r.droppedHazards));
  auto mib = [](unsigned long long bytes) { return std::to_string((bytes + (1ull << 20) - 1) >> 20) + " MiB"; };
  out += fact("device memory held", mib(r.globalShadowBytes) + " of global shadow for " + mib(r.globalShadowedBytes) +
                                        " of allocations, " + mib(r.detectorBytes) + " of detector state");
  out += "</dl>";
  if (!r.errors.empty()) out += "<h4>" + plural(r.errors.size(), "error", "errors") + "</h4>" + messageList("errors", r.errors);
  if (!r.warnings.empty())
    out += "<h4>" + plural(r.warnings.size(), "warning", "warnings") + "</h4>" + messageList("warnings", r.warnings);
  return out + "</section>";
}

std::string filesHtml(PageContext &ctx, const Report &report) {
  if (report.files.empty()) return "";
  std::string problems, analysed;
  size_t analysedCount = 0;
  for (const FileStatus &f : report.files) {
    std::string path = escape(ctx.path(f.path));
    if (f.status == FileStatusKind::Analyzed && !f.incompleteRules.empty()) {
      ++analysedCount;
      analysed += "<li><code>" + path + "</code> (incomplete)</li>";
      problems += "<div class=\"file-problem incomplete\"><h3>" + path +
                  " <span class=\"count\">not completely analysed</span></h3><p>" +
                  escape(incompleteAnalysisMessage(f)) + "</p></div>";
    } else if (f.status == FileStatusKind::Analyzed) {
      ++analysedCount;
      analysed += "<li><code>" + path + "</code></li>";
    } else if (f.status == FileStatusKind::AnalyzedWithErrors) {
      // Analysed, but clang's errors (in system headers) are worth seeing.
      problems += "<div class=\"file-problem analyzed-with-errors\"><h3>" + path +
                  " <span class=\"count\">analysed with compiler errors</span></h3>" +
                  diagnosticsHtml(ctx, f.diagnostics) + "</div>";
    } else if (f.status == FileStatusKind::ParseError) {
      problems += "<div class=\"file-problem parse-error\"><h3>" + path +
                  " <span class=\"count\">failed to parse</span></h3>" + diagnosticsHtml(ctx, f.diagnostics) +
                  "</div>";
    } else {
      problems += "<div class=\"file-problem skipped\"><h3>" + path + " <span class=\"count\">skipped</span></h3>" +
                  (f.reason.empty() ? "" : "<p>" + escape(f.reason) + "</p>") + "</div>";
    }
  }
  std::string out;
  if (!problems.empty()) out += "<section class=\"panel files\"><h2>Files not (completely) analysed</h2>" + problems + "</section>";
  if (analysedCount)
    out += "<details class=\"analysed\"><summary>" + plural(analysedCount, "file", "files") +
           " analysed</summary><ul>" + analysed + "</ul></details>";
  return out;
}

} // namespace warpcheck::html
