#include "support/Demangle.h"
#include "support/Hex.h"
#include "reports/formats/html/EvidenceView.h"
#include "reports/formats/html/Escape.h"
#include "reports/formats/html/Excerpt.h"
#include <cstdio>

namespace warpcheck::html {
namespace {

// A <dt>/<dd> pair; `value` is HTML already.
std::string fact(const char *name, const std::string &value) {
  return std::string("<div><dt>") + name + "</dt><dd>" + value + "</dd></div>";
}

std::string code(const std::string &text) { return "<code>" + escape(text) + "</code>"; }

std::string facts(const RunEvidence &e) {
  std::string out = "<dl class=\"facts\">";
  out += fact("kernel", code(e.kernel));
  out += fact("block", code(coordinates(e.block, ", ")));
  if (!e.relation.empty()) out += fact("threads", escape(e.relation));
  if (e.address >= 0) out += fact("address", code(hex(e.address)));
  if (!e.allocation.empty()) out += fact("allocation", e.allocation);
  if (e.otherBlock)
    out += fact("other block", coordinates(*e.otherBlock)); // as in the message: no spaces, no <code>
  if (e.sharedOffset >= 0)
    out += fact("shared offset", code(hex(e.sharedOffset)) + " (byte " + std::to_string(e.sharedOffset) + ")");
  if (e.mask >= 0) out += fact("mask", code(hex(e.mask)));
  if (e.lanes >= 0) {
    std::string lanes = laneRanges(e.lanes);
    out += fact("lanes", code(lanes.empty() ? "none" : lanes));
  }
  out += fact("count", std::to_string(e.count) + (e.count == 1 ? " time" : " times") + ", all launches");
  return out + "</dl>";
}

// One column: the access's kind and place, the note that describes it (for
// the earlier access), its source, and where on the GPU it ran.
std::string accessHtml(PageContext &ctx, const RunEvidence &e, const AccessEvidence &a, const char *title,
                       const SourceRange &where, const std::string &note) {
  std::string out = "<section class=\"access\"><h4><span class=\"order\">" + std::string(title) +
                    "</span> <span class=\"kind kind-" + escape(a.kind) + "\">" + escape(a.kind) + "</span></h4>";
  std::string loc = ctx.location(where);
  out += "<div class=\"loc\">" + escape(loc.empty() ? "(no source line)" : loc) + "</div>";
  if (!note.empty()) out += "<p class=\"msg\">" + escape(note) + "</p>";
  std::string source = excerpt(ctx.sources, where);
  if (source.empty() && !where.valid())
    source = "<p class=\"no-source\">no source line: build the program with <code>-lineinfo</code></p>";
  out += source + "<dl class=\"facts\">";
  out += fact("thread", a.threadKnown ? code(coordinates(a.thread, ", ")) : "another thread (not recorded)");
  out += fact("block", code(coordinates(e.block, ", ")));
  out += fact("pc", code(hex(a.pc)));
  if (!a.function.empty()) out += fact("function", code(demangle(a.function) + "+" + hex(a.offset)));
  return out + "</dl></section>";
}

} // namespace

std::string evidenceHtml(PageContext &ctx, const Finding &f, size_t &notesShown) {
  notesShown = 0;
  if (!f.evidence) return "";
  const RunEvidence &e = *f.evidence;
  std::string out = "<div class=\"evidence\">" + facts(e);
  out += "<div class=\"accesses cols-" + std::to_string(e.accesses.size() == 2 ? 2 : 1) + "\">";
  if (e.accesses.size() == 2) {
    // The earlier access is where the first note points; the later one is
    // the finding's own place.
    SourceRange earlier;
    std::string note;
    if (!f.notes.empty()) {
      earlier = f.notes[0].where;
      note = f.notes[0].message;
      notesShown = 1;
    }
    out += accessHtml(ctx, e, e.accesses[0], "first", earlier, note);
    out += accessHtml(ctx, e, e.accesses[1], "second", f.where, "");
  } else {
    for (const AccessEvidence &a : e.accesses) out += accessHtml(ctx, e, a, "at", f.where, "");
    if (e.accesses.empty()) out += excerpt(ctx.sources, f.where);
  }
  return out + "</div></div>";
}

} // namespace warpcheck::html
