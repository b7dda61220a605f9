#include "reports/model/Finding.h"
#include <algorithm>
#include <functional>
#include <tuple>

namespace warpcheck {

std::string locationText(const std::string &file, const SourceRange &r, ColumnShown column) {
  if (!r.valid()) return r.file.empty() ? "" : file;
  std::string s = file + ':' + std::to_string(r.line);
  if (column == ColumnShown::OrFirst) return s + ':' + std::to_string(r.column ? r.column : 1);
  if (column == ColumnShown::IfKnown && r.column) return s + ':' + std::to_string(r.column);
  return s;
}

std::string locationPrefix(const SourceRange &r) {
  std::string at = locationText(r.file, r, ColumnShown::OrFirst);
  return at.empty() ? "" : at + ": ";
}

std::string laneRanges(unsigned long long lanes) {
  std::string s;
  for (int i = 0; i < 32;) {
    if (!((lanes >> i) & 1)) {
      ++i;
      continue;
    }
    int j = i;
    while (j + 1 < 32 && ((lanes >> (j + 1)) & 1)) ++j;
    if (!s.empty()) s += ",";
    s += j == i ? std::to_string(i) : std::to_string(i) + "-" + std::to_string(j);
    i = j + 1;
  }
  return s;
}

static auto key(const Finding &f) {
  return std::tie(f.where.file, f.where.line, f.where.column, f.rule, f.message);
}

static auto rangeKey(const SourceRange &r) {
  return std::tie(r.file, r.line, r.column, r.endLine, r.endColumn);
}

bool sameFinding(const Finding &a, const Finding &b) { return key(a) == key(b); }

// Appends the items of `from` that `into` lacks, in first-seen order.
template <typename T, typename Eq>
static void unionInto(std::vector<T> &into, std::vector<T> &from, Eq eq) {
  for (T &x : from)
    if (std::none_of(into.begin(), into.end(), [&](const T &y) { return eq(x, y); }))
      into.push_back(std::move(x));
}

void mergeFindings(std::vector<Finding> &findings) {
  // Stable: equal findings keep the order their passes were collected in,
  // which fixes the order of the merged `passes`.
  std::stable_sort(findings.begin(), findings.end(),
                   [](const Finding &a, const Finding &b) { return key(a) < key(b); });
  std::vector<Finding> out;
  for (Finding &f : findings) {
    if (!out.empty() && sameFinding(out.back(), f)) {
      Finding &kept = out.back();
      unionInto(kept.passes, f.passes, std::equal_to<std::string>());
      // A pass may add context the others lacked (a note in device code only).
      unionInto(kept.notes, f.notes, [](const Note &a, const Note &b) {
        return rangeKey(a.where) == rangeKey(b.where) && a.message == b.message;
      });
      unionInto(kept.fixits, f.fixits, [](const FixIt &a, const FixIt &b) {
        return rangeKey(a.where) == rangeKey(b.where) && a.replacement == b.replacement;
      });
      kept.severity = std::max(kept.severity, f.severity);
      continue;
    }
    out.push_back(std::move(f));
  }
  findings = std::move(out);
}

} // namespace warpcheck
