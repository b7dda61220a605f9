#pragma once
// Which fix-its `lint --fix` applies and `--export-fixes` writes, in byte
// offsets: a finding's fix-its are one fix (all or none, as in SARIF), the
// same edit proposed twice (host and device passes, two findings) is made
// once, and a fix that overlaps one already taken is skipped with a note
// naming both, as clang-apply-replacements refuses conflicting edits.
#include "reports/model/Finding.h"
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace warpcheck {

// An edit in clang's terms: replace `length` bytes at byte `offset` of
// `file` with `text` (length 0: an insertion).
struct Replacement {
  std::string file;
  size_t offset = 0, length = 0;
  std::string text;
  bool operator==(const Replacement &o) const {
    return file == o.file && offset == o.offset && length == o.length && text == o.text;
  }
};

// The byte offset of 1-based `line`:`column` in `text`, or false when the
// place is not in it (the file changed, or the column is past the line's
// end: column == length + 1 is the end of the line, allowed).
bool byteOffset(const std::string &text, unsigned line, unsigned column, size_t &offset);

// `fix` as a Replacement in `text` (the content of fix.where.file): the
// range's end is inclusive; an insertion has endColumn + 1 == column on its
// line. False when the range is not in `text`.
bool toReplacement(const FixIt &fix, const std::string &text, Replacement &out);

struct PlannedFix {
  const Finding *finding = nullptr;
  std::vector<Replacement> replacements; // all of the finding's, its duplicates dropped
  bool duplicate = false; // every edit was already taken from an earlier fix
};

struct FixPlan {
  std::vector<PlannedFix> fixes;  // in the findings' order
  std::vector<std::string> notes; // one line per fix skipped, and why
  // Edits to make, per file, without duplicates, sorted by offset.
  std::map<std::string, std::vector<Replacement>> byFile;
  size_t applicable() const; // fixes with at least one edit of their own
};

// The file contents the plan works on; nullptr with `why` ("cannot read
// it: ...", "it changed since lint read it") when they cannot be used.
using FileText = std::function<const std::string *(const std::string &file, std::string &why)>;

// Plans the fixes of `findings` (the ones reported: suppressed findings are
// not passed in), the first finding winning a conflict. The plan points
// into `findings`: they must outlive it.
FixPlan planFixes(const std::vector<Finding> &findings, const FileText &read);

// `text` with `edits` (one file's, from FixPlan::byFile) made.
std::string applyReplacements(const std::string &text, const std::vector<Replacement> &edits);

// "rule at file:line:col", how notes name a finding.
std::string describeFinding(const Finding &f);

} // namespace warpcheck
