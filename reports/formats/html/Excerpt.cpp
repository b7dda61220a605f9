#include "reports/formats/html/Excerpt.h"
#include "reports/formats/html/Escape.h"
#include <algorithm>

namespace warpcheck::html {
namespace {

constexpr unsigned kContext = 2;       // lines shown before and after the range
constexpr unsigned kMaxRangeLines = 8; // longer ranges are cut, with a ⋮ row

unsigned lastLine(const SourceRange &r) { return std::max(r.endLine, r.line); }

// Byte span [begin, end) of `line` (number n) that `at` covers.
std::pair<size_t, size_t> markedBytes(const std::string &line, unsigned n, const SourceRange &at) {
  size_t size = line.size();
  if (at.column == 0) { // a line without a column: all but its indentation
    size_t first = line.find_first_not_of(" \t");
    return {first == std::string::npos ? size : first, size};
  }
  size_t begin = n == at.line ? std::min<size_t>(at.column - 1, size) : 0;
  size_t end = size;
  if (n == lastLine(at)) {
    // endColumn is inclusive; an unset end (endLine 0) is the start.
    unsigned endColumn = at.endLine ? at.endColumn : at.column;
    if (at.endLine <= at.line) endColumn = std::max(endColumn, at.column);
    end = std::min<size_t>(endColumn, size);
  }
  return {begin, std::max(begin, end)};
}

std::string row(unsigned n, const std::string &cells, bool highlighted) {
  return std::string("<tr") + (highlighted ? " class=\"hl\"" : "") + "><td class=\"ln\">" + std::to_string(n) +
         "</td><td class=\"code\">" + cells + "</td></tr>";
}

} // namespace

std::string excerpt(SourceCache &sources, const SourceRange &at) {
  if (!at.valid() || !sources.line(at.file, at.line)) return "";
  unsigned last = lastLine(at);
  unsigned shownLast = std::min(last, at.line + kMaxRangeLines - 1);
  bool cut = shownLast < last;
  unsigned from = at.line > kContext ? at.line - kContext : 1;
  unsigned to = cut ? shownLast : last + kContext;

  std::string out = "<div class=\"excerpt\"><table>";
  for (unsigned n = from; n <= to; ++n) {
    const std::string *line = sources.line(at.file, n);
    if (!line) break;
    bool inRange = n >= at.line && n <= last;
    if (!inRange) {
      out += row(n, escape(*line), false);
      continue;
    }
    auto [b, e] = markedBytes(*line, n, at);
    std::string_view text(*line);
    // An empty mark (a point past the line's end) still shows as a caret.
    std::string mark = b == e ? "<mark class=\"point\"> </mark>" : "<mark>" + escape(text.substr(b, e - b)) + "</mark>";
    out += row(n, escape(text.substr(0, b)) + mark + escape(text.substr(e)), true);
  }
  if (cut) out += "<tr class=\"gap\"><td class=\"ln\">&#8942;</td><td class=\"code\"></td></tr>";
  return out + "</table></div>";
}

std::string fixPreview(SourceCache &sources, const std::vector<FixIt> &fixits) {
  if (fixits.empty()) return "";
  const SourceRange &first = fixits.front().where;
  const std::string *line = first.valid() ? sources.line(first.file, first.line) : nullptr;
  if (!line) return "";
  struct Edit { size_t begin, end; const std::string *text; };
  std::vector<Edit> edits;
  for (const FixIt &fx : fixits) {
    const SourceRange &w = fx.where;
    bool oneLine = w.endLine == w.line || w.endLine == 0;
    if (w.file != first.file || w.line != first.line || !oneLine || w.column == 0 ||
        fx.replacement.find('\n') != std::string::npos)
      return "";
    // An insertion ends one column before it starts: an empty span.
    size_t begin = std::min<size_t>(w.column - 1, line->size());
    size_t end = std::min<size_t>(std::max<size_t>(w.endLine ? w.endColumn : w.column, begin), line->size());
    edits.push_back({begin, end, &fx.replacement});
  }
  std::sort(edits.begin(), edits.end(), [](const Edit &a, const Edit &b) { return a.begin < b.begin; });
  for (size_t i = 1; i < edits.size(); ++i)
    if (edits[i].begin < edits[i - 1].end) return ""; // overlapping edits: described in words

  std::string before, after;
  size_t at = 0;
  for (const Edit &e : edits) {
    std::string same = escape(std::string_view(*line).substr(at, e.begin - at));
    before += same + "<del>" + escape(std::string_view(*line).substr(e.begin, e.end - e.begin)) + "</del>";
    after += same + "<ins>" + escape(*e.text) + "</ins>";
    at = e.end;
  }
  std::string rest = escape(std::string_view(*line).substr(at));
  std::string n = std::to_string(first.line);
  return "<div class=\"excerpt fix-preview\"><table><tr class=\"before\"><td class=\"ln\">" + n +
         "</td><td class=\"sign\">-</td><td class=\"code\">" + before + rest +
         "</td></tr><tr class=\"after\"><td class=\"ln\">" + n + "</td><td class=\"sign\">+</td><td class=\"code\">" +
         after + rest + "</td></tr></table></div>";
}

} // namespace warpcheck::html
