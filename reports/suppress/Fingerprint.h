#pragma once
// Stable identities for findings: baselines, SARIF partialFingerprints and
// codeclimate fingerprints match findings by them, not by line numbers.
#include "reports/model/Finding.h"
#include "reports/model/SourceCache.h"
#include <string>
#include <vector>

namespace warpcheck {

// Sets `fingerprint` on every finding that has none: a hash of the rule, the
// file relative to `sourceRoot`, the text of the finding's source line with
// whitespace removed, and the message with its digits removed (line numbers),
// then ":N" for the N-th finding with the same hash in report order. Run
// findings hash the kernel and both places (the finding's and its first
// note's: the other access), in sorted order, instead of the message, whose
// access order, example threads and offsets vary between runs. Moving code,
// or editing other lines, keeps a fingerprint; editing the line itself
// changes it. When the source cannot be read, the line number stands in for
// its text.
void assignFingerprints(std::vector<Finding> &findings, const std::string &sourceRoot);
// The same, reading sources through `sources` (shared with other passes
// over the same files, such as NOLINT comments).
void assignFingerprints(std::vector<Finding> &findings, const std::string &sourceRoot, SourceCache &sources);

} // namespace warpcheck
