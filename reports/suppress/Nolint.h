#pragma once
// Suppression comments, as clang-tidy has them:
//   // NOLINT                      all rules, on this line
//   // NOLINT(rule, glob-*)        these rules, on this line
//   // NOLINTNEXTLINE(rule)        on the next line
//   // NOLINTBEGIN(rule) ... // NOLINTEND(rule)   on the lines in between
// They silence lint findings at their line and run findings whose source
// line (the finding's, or for run findings the other access's) carries them.
#include "reports/model/Finding.h"
#include "reports/model/SourceCache.h"
#include <map>
#include <string>
#include <vector>

namespace warpcheck {

// A rule id a NOLINT comment names that silenced no finding of it
// (unused-suppression, reports/suppress/UnusedSuppressions.h).
struct UnusedNolint {
  std::string file;
  unsigned line = 0, column = 0; // the comment (its NOLINTBEGIN for a region)
  std::string rule;
  bool region = false;  // a NOLINTBEGIN ... NOLINTEND pair
  std::string lineText; // the comment's line, for the fix-it
};

// What applyNolint removed, and the rule ids of comments that removed
// nothing.
struct NolintResults {
  std::vector<Finding> silenced;
  std::vector<UnusedNolint> unused; // in the `alsoCheck` files only
};

// The NOLINT directives of the files it reads, each file read once.
class NolintIndex {
public:
  explicit NolintIndex(SourceCache &sources) : sources_(sources) {}

  // Whether a comment silences `rule` at `file`:`line` (reads the file's
  // directives the first time; an empty rule only reads them).
  // Every comment that does is marked used for `rule`.
  bool suppresses(const std::string &file, unsigned line, const std::string &rule);
  // The rule ids the comments of `file` name and that silenced nothing so
  // far. Globs and a bare NOLINT (every rule) are left out: they may be
  // meant for other tools (clang-tidy) too.
  std::vector<UnusedNolint> unused(const std::string &file);
  // Misused directives in the files read so far, as `suppression-invalid`
  // findings: a NOLINTBEGIN never closed, a NOLINTEND never opened, a
  // parenthesis never closed, a rule id that is a typo of one of ours.
  std::vector<Finding> problems() const;

private:
  struct Span {
    unsigned first, last;            // lines, inclusive
    std::vector<std::string> rules;  // empty: every rule
    unsigned line = 0, column = 0;   // the comment (its NOLINTBEGIN for a region)
    std::vector<bool> used;          // per rule: silenced a finding
    bool region = false;
  };
  struct FileDirectives {
    std::vector<Span> spans;
    std::vector<Finding> problems;
  };
  FileDirectives &directives(const std::string &file);
  SourceCache &sources_;
  std::map<std::string, FileDirectives> files_;
};

// Removes the findings a NOLINT comment silences, and adds the
// `suppression-invalid` findings of the files it read: those of the findings
// and `alsoCheck` (the files lint analysed). Returns how many findings were
// silenced; `results`, when given, gets them and the unused rule ids of
// the comments in `alsoCheck`.
size_t applyNolint(std::vector<Finding> &findings, SourceCache &sources,
                   const std::vector<std::string> &alsoCheck = {}, NolintResults *results = nullptr);

// The places a suppression can name for `f`: its location and, for a run
// finding, the other access or barrier (its first note).
std::vector<SourceRange> suppressionPlaces(const Finding &f);

} // namespace warpcheck
