#include "reports/model/Report.h"

namespace warpcheck {

std::string incompleteAnalysisMessage(const FileStatus &f) {
  std::string rules;
  for (const std::string &r : f.incompleteRules) rules += (rules.empty() ? "" : ", ") + r;
  return "analysis of this file stopped early" + (f.reason.empty() ? std::string() : " (" + f.reason + ")") +
         ": rules not completed: " + rules + "; their findings on this file may be missing";
}

const char *suppressionKindName(SuppressionKind k) {
  switch (k) {
  case SuppressionKind::Nolint: return "nolint";
  case SuppressionKind::SuppressionFile: return "suppression-file";
  case SuppressionKind::Baseline: return "baseline";
  }
  return "nolint";
}

const char *fileStatusName(FileStatusKind k) {
  switch (k) {
  case FileStatusKind::Analyzed: return "analyzed";
  case FileStatusKind::ParseError: return "parse-error";
  case FileStatusKind::Skipped: return "skipped";
  case FileStatusKind::AnalyzedWithErrors: return "analyzed-with-errors";
  }
  return "skipped";
}

} // namespace warpcheck
