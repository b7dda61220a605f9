#include "support/Utf8.h"
#include "reports/formats/sarif/Utf16Columns.h"

namespace warpcheck {
namespace {

struct Char {
  unsigned bytes, units;
};

// The UTF-8 character at `pos`. A byte of no valid sequence (support/Utf8.h:
// overlong forms and encoded surrogates too) is a character of its own that
// counts one unit, as the U+FFFD that JSON output turns it into.
Char charAt(const std::string &s, size_t pos) {
  size_t len = utf8Length(s, pos);
  if (len == 0) return {1, 1};
  return {unsigned(len), len == 4 ? 2u : 1u}; // beyond the BMP: a surrogate pair
}

// UTF-16 units of the characters of `line` that `take` accepts, walking from
// the start; bytes past the end of the line count one unit each.
template <class Take> unsigned unitsWhile(const std::string &line, size_t limit, Take take) {
  unsigned units = 0;
  size_t pos = 0;
  while (pos < line.size() && pos < limit) {
    Char ch = charAt(line, pos);
    if (!take(pos, ch)) break;
    units += ch.units;
    pos += ch.bytes;
  }
  if (limit > pos && pos >= line.size()) units += unsigned(limit - pos);
  return units;
}

} // namespace

unsigned utf16StartColumn(const std::string *line, unsigned byteColumn) {
  if (!line || byteColumn == 0) return byteColumn;
  size_t before = byteColumn - 1;
  // Characters that end before the column: one the column points into is
  // where the range starts.
  return 1 + unitsWhile(*line, before, [&](size_t pos, Char ch) { return pos + ch.bytes <= before; });
}

unsigned utf16EndColumn(const std::string *line, unsigned lastByteColumn) {
  if (!line) return lastByteColumn + 1;
  // Characters that start at or before the last byte: all of the last one.
  return 1 + unitsWhile(*line, lastByteColumn, [](size_t, Char) { return true; });
}

} // namespace warpcheck
