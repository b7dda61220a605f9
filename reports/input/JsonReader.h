#pragma once
// Reads a JSON report (docs/report-format.md) back into a Report: the inverse
// of reports/formats/JsonFormat.cpp, so that `warpcheck report` can render a saved
// report in any format. Writing what was read gives the same bytes.
#include "reports/model/Report.h"
#include <cstddef>
#include <string>
#include <vector>

namespace warpcheck {

// Deeper nesting than any report has (7 levels) is refused before parsing.
constexpr int kMaxReportNesting = 64;
// A bigger file is refused rather than read into memory (a report of a
// million findings is about 1 GB).
constexpr size_t kMaxReportBytes = size_t(2) << 30;

// Parses and validates `text` as a report of schema version
// kReportSchemaVersion. False with `error` set to one line naming the JSON
// path, e.g. "findings[3].line: expected a non-negative integer, not -1";
// `out` is then unspecified. Never throws.
//
// Unknown keys are ignored, as docs/report-format.md asks of readers (a
// newer warpcheck may add optional fields without bumping the version);
// their paths are appended to `ignoredKeys` when it is given.
bool readJsonReport(const std::string &text, Report &out, std::string &error,
                    std::vector<std::string> *ignoredKeys = nullptr);

// The same for a file, "-" for standard input; errors start with "PATH: "
// ("<stdin>: ").
bool readJsonReportFile(const std::string &path, Report &out, std::string &error,
                        std::vector<std::string> *ignoredKeys = nullptr);

} // namespace warpcheck
