#include "reports/formats/html/FindingView.h"
#include "reports/formats/html/Escape.h"
#include "reports/formats/html/EvidenceView.h"
#include "reports/formats/html/Excerpt.h"

namespace warpcheck::html {
namespace {

std::string span(const SourceRange &r) {
  std::string s = std::to_string(r.line) + ":" + std::to_string(r.column);
  unsigned endLine = r.endLine ? r.endLine : r.line, endColumn = r.endLine ? r.endColumn : r.column;
  return s + "&#8211;" + std::to_string(endLine) + ":" + std::to_string(endColumn);
}

// A fix-it that cannot be previewed on its line (several lines, a file that
// cannot be read), in words.
std::string fixInWords(const PageContext &ctx, const FixIt &fx) {
  const SourceRange &w = fx.where;
  bool insertion = w.endLine == w.line && w.endColumn + 1 == w.column;
  std::string where = escape(ctx.path(w.file)) + ":" + (insertion ? std::to_string(w.line) + ":" +
                                                                         std::to_string(w.column)
                                                                   : span(w));
  // Several lines of replacement as a block, so they read as code.
  bool block = fx.replacement.find('\n') != std::string::npos;
  std::string text = block ? "<pre class=\"replacement\">" + escape(fx.replacement) + "</pre>"
                           : "<code class=\"replacement\">" + escape(fx.replacement) + "</code>";
  if (insertion) return "<div class=\"fix-words\">insert " + text + " at " + where + "</div>";
  if (fx.replacement.empty()) return "<div class=\"fix-words\">remove " + where + "</div>";
  return "<div class=\"fix-words\">replace " + where + " with " + text + "</div>";
}

// Fix-its grouped by line, in order: a before/after preview per line when it
// can be read, else each in words.
std::string fixesHtml(PageContext &ctx, const std::vector<FixIt> &fixits) {
  if (fixits.empty()) return "";
  std::string out = "<div class=\"fixes\"><div class=\"label\">fix-it</div>";
  for (size_t i = 0; i < fixits.size();) {
    size_t j = i + 1;
    while (j < fixits.size() && fixits[j].where.file == fixits[i].where.file &&
           fixits[j].where.line == fixits[i].where.line)
      ++j;
    std::vector<FixIt> group(fixits.begin() + i, fixits.begin() + j);
    std::string preview = fixPreview(ctx.sources, group);
    if (!preview.empty()) {
      out += "<div class=\"loc\">" + escape(ctx.location(group.front().where)) + "</div>" + preview;
    } else {
      for (const FixIt &fx : group) out += fixInWords(ctx, fx);
    }
    i = j;
  }
  return out + "</div>";
}

std::string joined(const std::vector<std::string> &items) {
  std::string s;
  for (const std::string &i : items) s += (s.empty() ? "" : ", ") + i;
  return s;
}

} // namespace

std::string headLine(const PageContext &ctx, const std::string &severity, const SourceRange &where,
                     const std::string &message, const std::string &anchor) {
  // "fatal error" (a compiler's) is class sev-fatal-error.
  std::string cls = severity;
  for (char &c : cls)
    if (c == ' ') c = '-';
  std::string out = "<div class=\"head\"><span class=\"badge sev-" + escape(cls) + "\">" + escape(severity) + "</span>";
  std::string loc = ctx.location(where);
  if (loc.empty()) loc = "(no source location)";
  if (!anchor.empty())
    out += "<a class=\"loc\" href=\"#" + escape(anchor) + "\">" + escape(loc) + "</a>";
  else
    out += "<span class=\"loc\">" + escape(loc) + "</span>";
  return out + "<span class=\"msg\">" + escape(message) + "</span></div>";
}

std::string findingHtml(PageContext &ctx, const Finding &f, const std::string &id) {
  std::string sev = severityName(f.severity);
  std::string out = "<article class=\"finding\" id=\"" + escape(id) + "\" data-severity=\"" + sev +
                    "\" data-rule=\"" + escape(f.rule) + "\">";
  out += headLine(ctx, sev, f.where, f.message, id);
  size_t notesShown = 0;
  std::string evidence = evidenceHtml(ctx, f, notesShown);
  // With evidence, the excerpts are in its side-by-side columns.
  out += evidence.empty() ? excerpt(ctx.sources, f.where) : evidence;
  if (notesShown < f.notes.size()) {
    out += "<ol class=\"notes\">";
    for (size_t i = notesShown; i < f.notes.size(); ++i) {
      const Note &n = f.notes[i];
      // A note about the finding's own place (the intra-warp hint of a race)
      // does not repeat its lines.
      bool samePlace = n.where.file == f.where.file && n.where.line == f.where.line &&
                       n.where.column == f.where.column && n.where.endLine == f.where.endLine &&
                       n.where.endColumn == f.where.endColumn;
      out += "<li class=\"note\">" + headLine(ctx, "note", n.where, n.message) +
             (samePlace ? "" : excerpt(ctx.sources, n.where)) + "</li>";
    }
    out += "</ol>";
  }
  out += fixesHtml(ctx, f.fixits);
  if (!f.passes.empty())
    out += "<div class=\"passes\">" + std::string(f.passes.size() == 1 ? "pass: " : "passes: ") +
           escape(joined(f.passes)) + "</div>";
  return out + "</article>";
}

} // namespace warpcheck::html
