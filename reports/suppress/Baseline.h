#pragma once
// Baselines: the findings a project already has, by fingerprint, so that CI
// fails only on new ones (`--write-baseline FILE`, then `--baseline FILE`).
// Matching uses fingerprints (reports/suppress/Fingerprint.h), not line numbers:
// code may move around a known finding without it coming back.
#include "reports/model/Finding.h"
#include <string>
#include <vector>

namespace warpcheck {

constexpr int kBaselineVersion = 1;

struct BaselineEntry {
  std::string fingerprint;
  // For people reading the file and for diffs; not used to match.
  std::string rule, file, message;
  unsigned line = 0;
};

struct Baseline {
  std::vector<BaselineEntry> entries;
};

// The baseline of `findings` (their fingerprints must be assigned); files
// relative to `sourceRoot`. Deterministic: sorted by file, line, rule.
std::string formatBaseline(const std::vector<Finding> &findings, const std::string &sourceRoot);

// False with `error` = "name: problem" when `text` is not a baseline this
// version understands.
bool parseBaseline(const std::string &text, const std::string &name, Baseline &out, std::string &error);
bool readBaseline(const std::string &path, Baseline &out, std::string &error);

// Removes the findings whose fingerprint the baseline lists (each entry
// absorbs one finding); returns how many, and appends them to `removed`
// when given, and the entries that absorbed none to `unmatched`.
size_t applyBaseline(std::vector<Finding> &findings, const Baseline &baseline,
                     std::vector<Finding> *removed = nullptr, std::vector<BaselineEntry> *unmatched = nullptr);

} // namespace warpcheck
