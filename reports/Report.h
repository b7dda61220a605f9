#pragma once
#include "reports/Finding.h"
#include <optional>
#include <string>
#include <vector>

namespace warpcheck {

// Version of the JSON report schema (docs/report-format.md). Bump on any
// incompatible change; additions of optional fields keep it.
constexpr int kReportSchemaVersion = 1;

enum class FileStatusKind { Analyzed, ParseError, Skipped };
const char *fileStatusName(FileStatusKind k);

struct Diagnostic { // a compiler message about a file (parse errors)
  SourceRange where;
  std::string severity; // "fatal error", "error" (parse errors), "warning", "note"
  std::string message;
  std::string pass;
};

struct FileStatus {
  std::string path;
  FileStatusKind status = FileStatusKind::Analyzed;
  std::vector<std::string> passes; // passes run on this file
  std::vector<Diagnostic> diagnostics;
  std::string reason; // why it was skipped
};

struct Report {
  std::string tool = "warpcheck";
  std::string toolVersion;
  std::string command; // "lint" or "run"
  std::vector<FileStatus> files;
  std::vector<Finding> findings;
};

} // namespace warpcheck
