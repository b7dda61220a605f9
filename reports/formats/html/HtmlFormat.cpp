#include "reports/formats/html/HtmlFormat.h"
#include "reports/model/RuleCatalog.h"
#include "reports/formats/html/Escape.h"
#include "reports/formats/html/FindingView.h"
#include "reports/formats/html/PageAssets.gen.h" // page.css, *.js and their hashes (gen_page_assets.py)
#include "reports/formats/html/RuleDocs.h"
#include "reports/formats/html/SummaryView.h"
#include "reports/formats/html/SuppressedView.h"
#include <algorithm>
#include <cctype>
#include <map>
#include <set>

namespace warpcheck {
namespace {

using namespace html;

// "rule-barrier-divergent": ids from rule names, which are [a-z0-9-] in the
// catalogue; anything else is replaced, and a clash numbered.
std::string anchorFor(const std::string &rule, std::set<std::string> &taken) {
  std::string id = "rule-";
  for (char c : rule)
    id += (std::isalnum(static_cast<unsigned char>(c)) || c == '-') ? c : '_';
  std::string unique = id;
  for (int n = 2; !taken.insert(unique).second; ++n) unique = id + "-" + std::to_string(n);
  return unique;
}

// Rules with errors first, then by id.
std::vector<RuleGroup> groupByRule(const Report &report) {
  std::map<std::string, RuleGroup> byId;
  for (size_t i = 0; i < report.findings.size(); ++i) {
    const Finding &f = report.findings[i];
    RuleGroup &g = byId[f.rule];
    g.rule = f.rule;
    g.top = std::max(g.top, f.severity);
    ++g.bySeverity[int(f.severity)];
    g.findings.push_back(i);
  }
  std::vector<RuleGroup> groups;
  for (auto &[id, g] : byId) groups.push_back(std::move(g));
  std::stable_sort(groups.begin(), groups.end(), [](const RuleGroup &a, const RuleGroup &b) { return a.top > b.top; });
  std::set<std::string> taken;
  for (RuleGroup &g : groups) g.anchor = anchorFor(g.rule, taken);
  return groups;
}

std::string title(const Report &report) {
  size_t sev[3] = {0, 0, 0};
  for (const Finding &f : report.findings) ++sev[int(f.severity)];
  std::string counts = severityCounts(sev);
  return report.tool + " " + report.command + " report: " + (counts.empty() ? "no findings" : counts);
}

std::string head(const Report &report) {
  // Only the page's own style and scripts may run (their hashes computed at
  // build time); nothing may load.
  std::string policy = std::string("default-src 'none'; style-src ") + kPageStyleHash + "; script-src " +
                       kErrorRecorderHash + " " + kFilterScriptHash + "; base-uri 'none'; form-action 'none'";
  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
         "<meta http-equiv=\"Content-Security-Policy\" content=\"" + policy + "\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
         "<meta name=\"color-scheme\" content=\"light dark\">\n"
         "<meta name=\"generator\" content=\"" + escape(report.tool + " " + report.toolVersion) + "\">\n"
         "<title>" + escape(title(report)) + "</title>\n"
         "<style>" + kPageStyle + "</style>\n"
         "<script>" + kErrorRecorder + "</script>\n</head>\n";
}

// Hidden until the script shows it: without scripts, everything is listed.
std::string filterBar(const Report &report, const std::vector<RuleGroup> &rules) {
  size_t sev[3] = {0, 0, 0};
  for (const Finding &f : report.findings) ++sev[int(f.severity)];
  std::string out = "<form class=\"filters\" id=\"filters\" role=\"search\" hidden><fieldset><legend>show</legend>";
  for (Severity s : {Severity::Error, Severity::Warning, Severity::Note}) {
    if (!sev[int(s)] && s == Severity::Note) continue;
    std::string name = severityName(s);
    out += "<label><input type=\"checkbox\" name=\"severity\" value=\"" + name + "\" checked> <span class=\"badge sev-" +
           name + "\">" + name + "</span> " + std::to_string(sev[int(s)]) + "</label>";
  }
  out += "</fieldset><label>rule <select id=\"filter-rule\"><option value=\"\">all rules</option>";
  for (const RuleGroup &g : rules)
    out += "<option value=\"" + escape(g.rule) + "\">" + escape(g.rule) + " (" + std::to_string(g.findings.size()) +
           ")</option>";
  out += "</select></label><label>search <input type=\"search\" id=\"filter-text\" "
         "placeholder=\"message, file, kernel, code\"></label><output id=\"filter-count\"></output></form>\n";
  return out;
}

// A rule's section: its summary, its documentation behind "explain", and
// its findings by file (sorted by the path shown), in report order within a
// file.
std::string ruleSection(PageContext &ctx, const Report &report, const RuleGroup &g) {
  const RuleInfo *info = findRule(g.rule);
  std::string sev = severityName(g.top);
  std::string out = "<section class=\"rule-group\" id=\"" + escape(g.anchor) + "\" data-rule=\"" + escape(g.rule) +
                    "\"><h2><span class=\"badge sev-" + sev + "\">" + sev + "</span><code>" + escape(g.rule) +
                    "</code><span class=\"count\">" + severityCounts(g.bySeverity) + "</span></h2>";
  if (info) {
    out += "<p class=\"summary\">" + escape(info->summary) + "</p>";
    if (!info->guide.empty()) out += "<p class=\"guide\">" + escape(info->guide) + "</p>";
    out += "<details class=\"explain\"><summary>explain <code>" + escape(g.rule) + "</code></summary><div class=\"doc\">" +
           std::string(ruleDocHtml(g.rule) ? ruleDocHtml(g.rule) : "") + "</div></details>";
  }
  // Findings without a file (a run without -lineinfo) come last.
  std::map<std::pair<bool, std::string>, std::vector<size_t>> byFile;
  for (size_t i : g.findings) {
    std::string path = ctx.path(report.findings[i].where.file);
    byFile[{path.empty(), path}].push_back(i);
  }
  for (const auto &[key, indices] : byFile) {
    const std::string &path = key.second;
    out += "<div class=\"file-group\"><h3>" + escape(path.empty() ? "(no source location)" : path) +
           " <span class=\"count\">" + std::to_string(indices.size()) + "</span></h3>";
    for (size_t i : indices) out += findingHtml(ctx, report.findings[i], "f" + std::to_string(i + 1)) + "\n";
    out += "</div>";
  }
  return out + "</section>\n";
}

} // namespace

void writeHtml(std::ostream &os, const Report &report, const FormatOptions &opts) {
  PageContext ctx;
  ctx.sourceRoot = opts.sourceRoot;
  std::vector<RuleGroup> rules = groupByRule(report);

  os << head(report) << "<body>\n<header class=\"page-head\"><h1>" << escape(report.tool) << ' '
     << escape(report.command) << " report</h1><p class=\"tool\">" << escape(report.tool) << ' '
     << escape(report.toolVersion) << " &middot; <code>" << escape(report.tool) << ' ' << escape(report.command)
     << "</code></p>" << totalsHtml(report, rules) << "</header>\n";
  os << runHtml(report) << filesHtml(ctx, report) << suppressedHtml(ctx, report) << '\n';
  if (rules.empty()) {
    os << "<p class=\"empty\">No findings.</p>\n";
  } else {
    os << filterBar(report, rules) << "<main>\n";
    for (const RuleGroup &g : rules) os << ruleSection(ctx, report, g);
    os << "</main>\n";
  }
  os << "<footer>" << escape(title(report)) << "</footer>\n<script>" << kFilterScript << "</script>\n</body>\n</html>\n";
}

} // namespace warpcheck
