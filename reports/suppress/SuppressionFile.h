#pragma once
// Suppression files (`--suppressions FILE`), for findings that cannot carry
// a NOLINT comment: code generated at build time, third-party kernels,
// known races in a library. One suppression per line:
//
//   # comment
//   RULE  [kernel:GLOB] [function:GLOB] [file:PATH-GLOB[:LINE]]
//
// RULE is a rule id or a glob (`*` for every rule); all matchers of a line
// must match. Values with spaces are double-quoted ("\" and \\ escape).
// docs/suppressions.md has the details.
#include "reports/model/Finding.h"
#include <string>
#include <vector>

namespace warpcheck {

struct Suppression {
  std::string rule = "*";
  std::string kernel, function, file; // globs; "" matches anything
  unsigned line = 0;                  // with `file`: 0 any line
  std::string origin;                 // "FILE:LINE" of the suppression
};

// Parses `text` (named `name` in errors). False with `error` =
// "name:line: problem" on the first bad line.
bool parseSuppressions(const std::string &text, const std::string &name, std::vector<Suppression> &out,
                       std::string &error);
bool readSuppressionFile(const std::string &path, std::vector<Suppression> &out, std::string &error);

// Whether `s` covers `f`; paths are matched relative to `sourceRoot`.
bool suppressionMatches(const Suppression &s, const Finding &f, const std::string &sourceRoot);

// A suppression file with one line per finding (rule, kernel, file:line),
// for `--save-suppressions`.
std::string formatSuppressions(const std::vector<Finding> &findings, const std::string &sourceRoot);

} // namespace warpcheck
