#include "reports/formats/html/SuppressedView.h"
#include "reports/formats/Counted.h"
#include "reports/formats/html/Escape.h"

namespace warpcheck::html {
namespace {

const char *byWhat(SuppressionKind k) {
  switch (k) {
  case SuppressionKind::Nolint: return "NOLINT";
  case SuppressionKind::SuppressionFile: return "suppression file";
  case SuppressionKind::Baseline: return "baseline";
  }
  return "";
}

} // namespace

std::string suppressedHtml(PageContext &ctx, const Report &report) {
  const SuppressedCounts &s = report.suppressed;
  if (!s.total()) return "";
  std::string byControl;
  for (auto [n, kind] : {std::pair{s.nolint, SuppressionKind::Nolint}, {s.suppressionFile, SuppressionKind::SuppressionFile},
                         {s.baseline, SuppressionKind::Baseline}})
    if (n) byControl += (byControl.empty() ? "" : ", ") + std::to_string(n) + " by " + byWhat(kind);
  std::string out = "<section class=\"panel suppressed\" id=\"suppressed\"><h2>Suppressed <span class=\"count\">" +
                    counted(s.total(), "finding") + "</span></h2><p>Not listed above: " + escape(byControl) + ".</p>";
  if (report.suppressedFindings.empty())
    return out + "<p>The report these come from holds their counts only.</p></section>\n";
  out += "<details class=\"suppressed-list\"><summary>show " + counted(report.suppressedFindings.size(), "suppressed finding") +
         "</summary><ul>";
  for (const SuppressedFinding &sf : report.suppressedFindings) {
    const Finding &f = sf.finding;
    std::string sev = severityName(f.severity);
    std::string where = ctx.location(f.where);
    out += "<li data-suppressed-by=\"" + std::string(suppressionKindName(sf.by)) + "\"><span class=\"badge sev-" + sev +
           "\">" + sev + "</span> <code>" + escape(f.rule) + "</code> " +
           (where.empty() ? "" : "<span class=\"where\">" + escape(where) + "</span> ") + escape(f.message) +
           " <span class=\"by\">(" + byWhat(sf.by) + ")</span></li>";
  }
  return out + "</ul></details></section>\n";
}

} // namespace warpcheck::html
