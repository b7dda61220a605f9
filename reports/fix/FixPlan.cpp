#include "reports/fix/FixPlan.h"
#include <algorithm>
#include <tuple>

namespace warpcheck {
namespace {

// Two edits of one file that cannot both be made: their ranges share a
// byte, an insertion falls strictly inside a replaced range, or two
// different insertions at one offset (their order would be a guess).
bool overlaps(const Replacement &a, const Replacement &b) {
  if (a.file != b.file || a == b) return false; // the same edit twice is made once
  size_t aEnd = a.offset + a.length, bEnd = b.offset + b.length;
  if (a.length && b.length) return a.offset < bEnd && b.offset < aEnd;
  if (!a.length && !b.length) return a.offset == b.offset && a.text != b.text;
  const Replacement &ins = a.length ? b : a, &rep = a.length ? a : b;
  return rep.offset < ins.offset && ins.offset < rep.offset + rep.length;
}

bool before(const Replacement &a, const Replacement &b) {
  // At one offset the insertion goes first, then the replacement after it.
  return std::tie(a.file, a.offset, a.length, a.text) < std::tie(b.file, b.offset, b.length, b.text);
}

} // namespace

bool byteOffset(const std::string &text, unsigned line, unsigned column, size_t &offset) {
  if (line == 0 || column == 0) return false;
  size_t start = 0;
  for (unsigned l = 1; l < line; ++l) {
    size_t nl = text.find('\n', start);
    if (nl == std::string::npos) return false;
    start = nl + 1;
  }
  size_t end = text.find('\n', start);
  size_t length = (end == std::string::npos ? text.size() : end) - start;
  if (column - 1 > length) return false;
  offset = start + column - 1;
  return true;
}

bool toReplacement(const FixIt &fix, const std::string &text, Replacement &out) {
  const SourceRange &r = fix.where;
  size_t begin = 0, end = 0;
  // The inclusive end is the exclusive end one column before; an insertion
  // (endColumn + 1 == column) is then an empty range.
  if (!byteOffset(text, r.line, r.column, begin) || !byteOffset(text, r.endLine, r.endColumn + 1, end) || end < begin)
    return false;
  out = {r.file, begin, end - begin, fix.replacement};
  return true;
}

std::string describeFinding(const Finding &f) {
  return "[" + f.rule + "] at " + f.where.file + ":" + std::to_string(f.where.line) + ":" +
         std::to_string(f.where.column);
}

size_t FixPlan::applicable() const {
  size_t n = 0;
  for (const PlannedFix &p : fixes) n += !p.duplicate;
  return n;
}

FixPlan planFixes(const std::vector<Finding> &findings, const FileText &read) {
  FixPlan plan;
  std::vector<std::pair<Replacement, const Finding *>> taken; // every edit taken, and whose
  for (const Finding &f : findings) {
    if (f.fixits.empty()) continue;
    PlannedFix p{&f, {}, false};
    std::string problem;
    for (const FixIt &x : f.fixits) {
      std::string why = "it names no file";
      const std::string *text = x.where.file.empty() ? nullptr : read(x.where.file, why);
      Replacement r;
      if (!text) {
        problem = "'" + x.where.file + "': " + why;
        break;
      }
      if (!toReplacement(x, *text, r)) {
        problem = "its range " + x.where.file + ":" + std::to_string(x.where.line) + ":" +
                  std::to_string(x.where.column) + " is not in the file (changed since lint read it?)";
        break;
      }
      if (std::find(p.replacements.begin(), p.replacements.end(), r) == p.replacements.end())
        p.replacements.push_back(std::move(r));
    }
    for (size_t i = 0; problem.empty() && i < p.replacements.size(); ++i)
      for (size_t j = i + 1; j < p.replacements.size(); ++j)
        if (overlaps(p.replacements[i], p.replacements[j])) {
          problem = "its own edits overlap (passes that proposed different fixes)";
          break;
        }
    for (size_t i = 0; problem.empty() && i < p.replacements.size(); ++i)
      for (const auto &[edit, owner] : taken)
        if (overlaps(p.replacements[i], edit)) {
          problem = "it overlaps the fix of " + describeFinding(*owner);
          break;
        }
    if (!problem.empty()) {
      plan.notes.push_back("not applying the fix of " + describeFinding(f) + ": " + problem);
      continue;
    }
    p.duplicate = true;
    for (const Replacement &r : p.replacements) {
      std::vector<Replacement> &edits = plan.byFile[r.file];
      if (std::find(edits.begin(), edits.end(), r) != edits.end()) continue; // the same edit, proposed again
      p.duplicate = false;
      edits.push_back(r);
      taken.push_back({r, &f});
    }
    plan.fixes.push_back(std::move(p));
  }
  for (auto &[file, edits] : plan.byFile) std::sort(edits.begin(), edits.end(), before);
  return plan;
}

std::string applyReplacements(const std::string &text, const std::vector<Replacement> &edits) {
  std::string out;
  size_t at = 0;
  for (const Replacement &r : edits) {
    out.append(text, at, r.offset - at);
    out += r.text;
    at = r.offset + r.length;
  }
  out.append(text, at, std::string::npos);
  return out;
}

} // namespace warpcheck
