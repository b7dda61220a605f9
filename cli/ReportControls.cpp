#include "cli/ReportControls.h"
#include "cli/OutputFile.h"
#include "config/ConfigApply.h"
#include "reports/Fingerprint.h"
#include "reports/suppress/Nolint.h"
#include "reports/suppress/UnusedSuppressions.h"
#include "rules/RuleIds.h"
#include <algorithm>

namespace warpcheck::cli {

FindingConfig configuring(const ProjectConfig &config) {
  auto apply = [&config](std::vector<Finding> &findings) { applyToFindings(config, findings); };
  return {apply, apply, [&config](const std::string &, const std::string &rule) { return ruleEnabled(config, rule); }};
}

void ControlOptions::addTo(std::vector<OptionSpec> &options) {
  options.push_back({"--suppressions", "", "FILE",
                     "drop findings that a line of FILE matches (rule, kernel, function, file:line; "
                     "docs/suppressions.md); may be repeated",
                     [this](const std::string &v, std::string &) {
                       suppressionFiles.push_back(v);
                       return true;
                     }});
  options.push_back({"--save-suppressions", "", "FILE", "write a suppression file covering every finding reported",
                     [this](const std::string &v, std::string &) {
                       saveSuppressionsPath = v;
                       return true;
                     }});
  options.push_back({"--baseline", "", "FILE", "report only findings that FILE (from --write-baseline) does not list",
                     [this](const std::string &v, std::string &) {
                       baselinePath = v;
                       return true;
                     }});
  options.push_back({"--write-baseline", "", "FILE", "write the fingerprints of every finding to FILE",
                     [this](const std::string &v, std::string &) {
                       writeBaselinePath = v;
                       return true;
                     }});
}

bool ControlOptions::load(std::string &error) {
  for (const std::string &path : suppressionFiles)
    if (!readSuppressionFile(path, suppressions_, error)) return false;
  if (!baselinePath.empty() && !readBaseline(baselinePath, baseline_, error)) return false;
  for (const std::string *out : {&writeBaselinePath, &saveSuppressionsPath})
    if (!out->empty() && !checkOutputPath(*out, error)) return false;
  return true;
}

void ControlOptions::addPaths(std::vector<NamedPath> &outputs, std::vector<NamedPath> &inputs) const {
  if (!writeBaselinePath.empty()) outputs.push_back({"the baseline to write", writeBaselinePath});
  if (!saveSuppressionsPath.empty()) outputs.push_back({"the suppression file to write", saveSuppressionsPath});
  for (const std::string &path : suppressionFiles) inputs.push_back({"the suppression file", path});
  if (!baselinePath.empty()) inputs.push_back({"the baseline", baselinePath});
}

bool ControlOptions::apply(Report &report, const std::string &sourceRoot, const std::vector<std::string> &alsoCheck,
                           const FindingConfig &config, std::string &error) {
  std::vector<Finding> &findings = report.findings;
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
    for (const Suppression &s : suppressions_) matched = matched || suppressionMatches(s, f, sourceRoot);
    if (matched) ++report.suppressed.suppressionFile;
    (matched ? matchedByFile : kept).push_back(std::move(f));
  }
  findings = std::move(kept);
  keep(matchedByFile, SuppressionKind::SuppressionFile);

  if (!writeBaselinePath.empty() && !writeOutputFile(writeBaselinePath, formatBaseline(findings, sourceRoot), error))
    return false;
  std::vector<Finding> inBaseline;
  std::vector<BaselineEntry> unmatched;
  report.suppressed.baseline += applyBaseline(findings, baseline_, &inBaseline, &unmatched);
  keep(inBaseline, SuppressionKind::Baseline);
  if (!saveSuppressionsPath.empty() &&
      !writeOutputFile(saveSuppressionsPath, formatSuppressions(findings, sourceRoot), error))
    return false;

  // Last, on what every control did: NOLINT comments and baseline entries
  // that suppressed nothing (unused-suppression), in the files analysed
  // completely (`alsoCheck`: only lint names them) for the rules that ran.
  if (config.ruleOn && !alsoCheck.empty()) {
    UnusedScope scope{config.ruleOn, {}, sourceRoot, baselinePath};
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

} // namespace warpcheck::cli
