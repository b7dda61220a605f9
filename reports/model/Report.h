#pragma once
#include "reports/model/Finding.h"
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace warpcheck {

// Version of the JSON report schema (docs/report-format.md). Bump on any
// incompatible change; additions of optional fields keep it.
constexpr int kReportSchemaVersion = 1;

// AnalyzedWithErrors: clang reported errors, all inside system headers
// (nvcc-valid code clang rejects); the checks ran on every function of the
// user's code. ParseError: errors in the user's code or a fatal one; the
// checks ran on the functions without errors, if any.
enum class FileStatusKind { Analyzed, ParseError, Skipped, AnalyzedWithErrors };
const char *fileStatusName(FileStatusKind k);

struct Diagnostic { // a compiler message about a file (parse errors)
  SourceRange where;
  std::string severity; // "fatal error", "error" (parse errors), "warning", "note"
  std::string message;
  std::string pass;
};

// Where lint's time went on one file (--time-report).
struct FileTiming {
  struct PassTime {
    std::string pass;
    double parseSeconds = 0, analysisSeconds = 0, uniformitySeconds = 0;
  };
  std::vector<PassTime> passes;
  std::map<std::string, double> ruleSeconds; // summed over the passes
};

struct FileStatus {
  std::string path;
  FileStatusKind status = FileStatusKind::Analyzed;
  std::vector<std::string> passes; // passes run on this file
  std::vector<Diagnostic> diagnostics;
  std::string reason; // why it was skipped, or why rules were not completed
  // Rules lint did not complete on an analysed file (its time budget ran
  // out): their findings on it may be missing.
  std::vector<std::string> incompleteRules;
  std::optional<FileTiming> timing;
};

// One line for a file with incomplete rules, the same in every format:
// "analysis of this file stopped early (REASON): rules not completed: ...".
std::string incompleteAnalysisMessage(const FileStatus &f);

// How `warpcheck run` went: the program, what was checked, and everything
// that was not (nothing is dropped without being counted here).
struct RunSummary {
  std::vector<std::string> command;
  int exitCode = 0;         // the application's, when it exited
  int signal = 0;           // the signal that ended it, 0 if none
  std::vector<std::string> kernels; // demangled names of the kernels checked
  unsigned long long launches = 0, launchesChecked = 0;
  unsigned long long uncheckedAccesses = 0, uncheckedBlockThreads = 0, droppedHazards = 0;
  // Device memory warpcheck held (each process's peak, added up): the
  // global shadow, the allocation bytes it covers, the detector's state.
  unsigned long long globalShadowBytes = 0, globalShadowedBytes = 0, detectorBytes = 0;
  std::vector<std::string> errors, warnings;
};

// Findings the suppression controls removed, by control: a report says how
// many it does not show.
struct SuppressedCounts {
  unsigned long long nolint = 0, suppressionFile = 0, baseline = 0;
  unsigned long long total() const { return nolint + suppressionFile + baseline; }
};

// Which control removed a finding.
enum class SuppressionKind { Nolint, SuppressionFile, Baseline };
// "nolint", "suppression-file", "baseline" (the JSON report's names).
const char *suppressionKindName(SuppressionKind k);

struct SuppressedFinding {
  Finding finding;
  SuppressionKind by = SuppressionKind::Nolint;
};

struct Report {
  std::string tool = "warpcheck";
  std::string toolVersion;
  std::string command; // "lint" or "run"
  std::vector<FileStatus> files;
  std::vector<Finding> findings;
  std::optional<RunSummary> run; // only for `warpcheck run`
  SuppressedCounts suppressed;
  // The findings counted in `suppressed`, kept for the formats that show
  // them (SARIF's result.suppressions, HTML's collapsed list). A report
  // read back from JSON written without them has the counts only.
  std::vector<SuppressedFinding> suppressedFindings;
  // What makes the report as a whole not what it seems, one line each:
  // "nothing was analysed: ..." (a run that checked nothing is not clean).
  std::vector<std::string> problems;
};

} // namespace warpcheck
