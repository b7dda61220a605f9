#include "reports/Finish.h"
#include "reports/suppress/Fingerprint.h"
#include "reports/OutputFile.h"
#include "reports/suppress/Nolint.h"
#include "reports/suppress/UnusedSuppressions.h"
#include "rules/RuleIds.h"
#include <algorithm>

namespace warpcheck {
namespace {

// Every path of the report as shown, so that lint (clang's absolute paths),
// run (the line info's) and report (a saved report's) name a file alike.
void useDisplayPaths(Report &report, const std::string &cwd) {
  auto show = [&cwd](std::string &path) { path = displayPath(path, cwd); };
  for (FileStatus &f : report.files) {
    show(f.path);
    for (Diagnostic &d : f.diagnostics) show(d.where.file);
  }
  auto showFinding = [&show](Finding &f) {
    show(f.where.file);
    for (Note &n : f.notes) show(n.where.file);
    for (FixIt &x : f.fixits) show(x.where.file);
  };
  for (Finding &f : report.findings) showFinding(f);
  for (SuppressedFinding &s : report.suppressedFindings) showFinding(s.finding);
}

} // namespace

bool finish(Report &report, const Controls &controls, const FinishOptions &opts, std::string &error) {
  const std::string &sourceRoot = opts.sourceRoot;
  const FindingConfig &config = opts.config;
  useDisplayPaths(report, opts.displayDirectory);
  std::vector<std::string> alsoCheck = opts.alsoCheck;
  for (std::string &file : alsoCheck) file = displayPath(file, opts.displayDirectory);
  std::vector<Finding> &findings = report.findings;
  // One finding per problem, sorted, whatever made them (lint merged the
  // passes of each file already; a saved report is merged).
  mergeFindings(findings);
  // The configuration first: findings of rules that are off or of files out
  // of scope are not anybody's to suppress.
  if (config.all) config.all(findings);
  SourceCache sources; // each source file read once for fingerprints and NOLINT comments
  assignFingerprints(findings, sourceRoot, sources);
  // The findings each control removes are kept for the formats that list
  // them (SARIF, HTML), not only counted.
  auto keep = [&report](std::vector<Finding> &removed, SuppressionKind by) {
    for (Finding &f : removed) report.suppressedFindings.push_back({std::move(f), by});
  };
  NolintResults nolint;
  report.suppressed.nolint += applyNolint(findings, sources, alsoCheck, &nolint);
  keep(nolint.silenced, SuppressionKind::Nolint);
  if (config.nolint) {
    // The suppression-invalid findings NOLINT added (only NOLINT reports
    // that rule); the others are configured already.
    std::vector<Finding> added, others;
    for (Finding &f : findings) (f.rule == rule::SuppressionInvalid.id ? added : others).push_back(std::move(f));
    config.nolint(added);
    findings = std::move(others);
    for (Finding &f : added) findings.push_back(std::move(f));
    mergeFindings(findings);
  }
  assignFingerprints(findings, sourceRoot, sources); // the suppression-invalid findings it added

  std::vector<Finding> kept, matchedByFile;
  for (Finding &f : findings) {
    bool matched = false;
    for (const Suppression &s : controls.suppressions) matched = matched || suppressionMatches(s, f, sourceRoot);
    if (matched) ++report.suppressed.suppressionFile;
    (matched ? matchedByFile : kept).push_back(std::move(f));
  }
  findings = std::move(kept);
  keep(matchedByFile, SuppressionKind::SuppressionFile);

  if (!controls.writeBaselinePath.empty() &&
      !writeOutputFile(controls.writeBaselinePath, formatBaseline(findings, sourceRoot), error))
    return false;
  std::vector<Finding> inBaseline;
  std::vector<BaselineEntry> unmatched;
  report.suppressed.baseline += applyBaseline(findings, controls.baseline, &inBaseline, &unmatched);
  keep(inBaseline, SuppressionKind::Baseline);
  if (!controls.saveSuppressionsPath.empty() &&
      !writeOutputFile(controls.saveSuppressionsPath, formatSuppressions(findings, sourceRoot), error))
    return false;

  // Last, on what every control did: NOLINT comments and baseline entries
  // that suppressed nothing (unused-suppression), in the files analysed
  // completely (`alsoCheck`: only lint names them) for the rules that ran.
  if (config.ruleOn && !alsoCheck.empty()) {
    UnusedScope scope{config.ruleOn, {}, sourceRoot, controls.baselinePath};
    for (const FileStatus &f : report.files)
      if (f.incompleteRules.empty() &&
          std::find(alsoCheck.begin(), alsoCheck.end(), f.path) != alsoCheck.end())
        scope.files.push_back(f.path);
    std::vector<Finding> unused = unusedSuppressions(nolint.unused, unmatched, scope);
    if (config.nolint) config.nolint(unused);
    assignFingerprints(unused, sourceRoot, sources);
    if (!unused.empty()) {
      for (Finding &f : unused) findings.push_back(std::move(f));
      mergeFindings(findings);
    }
  }
  return true;
}

} // namespace warpcheck
