#include "reports/formats/sarif/SarifFormat.h"
#include "reports/suppress/Fingerprint.h"
#include "reports/formats/ProjectUrls.h"
#include "reports/model/RuleCatalog.h"
#include "reports/formats/sarif/SarifResult.h"
#include "reports/formats/sarif/SarifRules.h"
#include <algorithm>
#include <map>
#include <set>

namespace warpcheck {
namespace {

using nlohmann::json;

json notification(const std::string &level, const std::string &id, const std::string &text,
                  const json &location = json::object()) {
  json n = {{"level", level}, {"descriptor", {{"id", id}}}, {"message", {{"text", text}}}};
  if (!location.empty()) n["locations"] = json::array({location});
  return n;
}

SourceRange wholeFile(const std::string &path) {
  SourceRange r;
  r.file = path;
  return r;
}

// Parse errors and skipped files, so that a SARIF consumer learns which
// files were not (fully) analysed and why, with clang's messages in place.
void fileNotifications(const Report &report, SarifLocator &locator, json &out) {
  for (const FileStatus &fs : report.files) {
    if (fs.status == FileStatusKind::Skipped)
      out.push_back(notification("warning", "skipped-file",
                                 "'" + locator.displayPath(fs.path) + "' was not analysed: " + fs.reason,
                                 locator.location(wholeFile(fs.path))));
    if (!fs.incompleteRules.empty()) {
      json n = notification("warning", "incomplete-analysis",
                            "'" + locator.displayPath(fs.path) + "': " + incompleteAnalysisMessage(fs),
                            locator.location(wholeFile(fs.path)));
      n["properties"] = {{"incompleteRules", fs.incompleteRules}};
      out.push_back(n);
    }
    if (fs.status != FileStatusKind::ParseError && fs.status != FileStatusKind::AnalyzedWithErrors) continue;
    if (fs.diagnostics.empty())
      out.push_back(notification("error", "parse-error", "'" + locator.displayPath(fs.path) + "' could not be parsed",
                                 locator.location(wholeFile(fs.path))));
    for (const Diagnostic &d : fs.diagnostics) {
      SourceRange where = d.where;
      if (where.file.empty()) where.file = fs.path;
      std::string level = d.severity == "warning" ? "warning" : d.severity == "note" ? "note" : "error";
      json n = notification(level, "parse-error", d.message + (d.pass.empty() ? "" : " (" + d.pass + " pass)"),
                            locator.location(where));
      n["properties"] = {{"pass", d.pass}, {"severity", d.severity}};
      out.push_back(n);
    }
  }
}

void runNotifications(const RunSummary &run, json &out) {
  for (const std::string &e : run.errors) out.push_back(notification("error", "run-error", e));
  for (const std::string &w : run.warnings) out.push_back(notification("warning", "run-warning", w));
}

// The inputs and what became of them (status, passes), as analysis targets.
json artifacts(const Report &report, SarifLocator &locator) {
  json out = json::array();
  for (const FileStatus &fs : report.files) {
    json props = {{"status", fileStatusName(fs.status)}, {"passes", fs.passes}};
    if (!fs.reason.empty()) props["reason"] = fs.reason;
    if (!fs.incompleteRules.empty()) props["incompleteRules"] = fs.incompleteRules;
    json a = {{"location", locator.artifactLocation(fs.path)}, {"roles", json::array({"analysisTarget"})}, {"properties", props}};
    if (std::find(out.begin(), out.end(), a) == out.end()) out.push_back(a); // SARIF: unique items
  }
  return out;
}

json runProperties(const Report &report) {
  json p = {{"command", report.command}};
  if (!report.run) return p;
  const RunSummary &r = *report.run;
  p["program"] = {{"command", r.command}, {"exitCode", r.exitCode}, {"signal", r.signal}};
  p["kernels"] = r.kernels;
  p["launches"] = r.launches;
  p["launchesChecked"] = r.launchesChecked;
  p["uncheckedAccesses"] = r.uncheckedAccesses;
  p["uncheckedBlockThreads"] = r.uncheckedBlockThreads;
  p["droppedHazards"] = r.droppedHazards;
  p["deviceMemory"] = {{"globalShadowBytes", r.globalShadowBytes},
                       {"globalShadowedBytes", r.globalShadowedBytes},
                       {"detectorBytes", r.detectorBytes}};
  return p;
}

// The findings to write: all of them, or the `max` most severe in report
// order (GitHub rejects a run with more than kSarifMaxResults results).
std::vector<const Finding *> selectFindings(const std::vector<Finding> &findings, size_t max) {
  std::vector<const Finding *> out;
  for (const Finding &f : findings) out.push_back(&f);
  if (out.size() <= max) return out;
  std::stable_sort(out.begin(), out.end(), [](const Finding *a, const Finding *b) { return a->severity > b->severity; });
  out.resize(max);
  std::sort(out.begin(), out.end()); // back to report order: they point into one vector
  return out;
}

// NOLINT is in the source; a suppression file and a baseline are outside.
json sarifSuppression(SuppressionKind by) {
  switch (by) {
  case SuppressionKind::Nolint:
    return {{"kind", "inSource"}, {"status", "accepted"}, {"justification", "NOLINT comment"}};
  case SuppressionKind::SuppressionFile:
    return {{"kind", "external"}, {"status", "accepted"}, {"justification", "suppression file (--suppressions)"}};
  case SuppressionKind::Baseline:
    return {{"kind", "external"}, {"status", "accepted"}, {"justification", "baseline (--baseline)"}};
  }
  return {{"kind", "external"}};
}

} // namespace

json toSarif(const Report &report, const FormatOptions &opts) {
  // Fingerprints come from the CLI; a report built elsewhere gets them here.
  std::vector<Finding> fingerprinted;
  const std::vector<Finding> *findings = &report.findings;
  if (std::any_of(findings->begin(), findings->end(), [](const Finding &f) { return f.fingerprint.empty(); })) {
    fingerprinted = report.findings;
    assignFingerprints(fingerprinted, opts.sourceRoot);
    findings = &fingerprinted;
  }
  std::vector<const Finding *> selected = selectFindings(*findings, opts.maxResults);

  std::map<std::string, size_t> ruleIndex;
  for (const RuleInfo &r : ruleCatalog()) ruleIndex.emplace(r.id, ruleIndex.size());
  // The suppressed findings too, marked so (SARIF 2.1.0 §3.27.23): GitHub
  // code scanning then shows them as dismissed instead of not at all. They
  // fill what the results limit leaves.
  std::vector<SuppressedFinding> suppressed;
  for (const SuppressedFinding &s : report.suppressedFindings) {
    if (selected.size() + suppressed.size() >= opts.maxResults) break;
    suppressed.push_back(s);
    if (suppressed.back().finding.fingerprint.empty()) {
      std::vector<Finding> one{suppressed.back().finding};
      assignFingerprints(one, opts.sourceRoot);
      suppressed.back().finding = one[0];
    }
  }
  std::set<std::string> others;
  for (const Finding *f : selected)
    if (!ruleIndex.count(f->rule)) others.insert(f->rule);
  for (const SuppressedFinding &s : suppressed)
    if (!ruleIndex.count(s.finding.rule)) others.insert(s.finding.rule);
  for (const std::string &id : others) ruleIndex.emplace(id, ruleIndex.size());

  SarifLocator locator(opts.sourceRoot);
  json results = json::array();
  for (const Finding *f : selected) {
    json r = sarifResult(*f, locator);
    r["ruleIndex"] = ruleIndex.at(f->rule);
    results.push_back(r);
  }
  for (const SuppressedFinding &s : suppressed) {
    json r = sarifResult(s.finding, locator);
    r["ruleIndex"] = ruleIndex.at(s.finding.rule);
    r["suppressions"] = json::array({sarifSuppression(s.by)});
    results.push_back(r);
  }

  json notes = json::array();
  fileNotifications(report, locator, notes);
  bool successful = std::none_of(report.files.begin(), report.files.end(),
                                 [](const FileStatus &f) { return f.status == FileStatusKind::ParseError; });
  for (const std::string &p : report.problems) notes.push_back(notification("error", "nothing-analysed", p));
  successful = successful && report.problems.empty();
  if (report.run) {
    runNotifications(*report.run, notes);
    successful = successful && report.run->errors.empty();
  }
  if (selected.size() < findings->size())
    notes.push_back(notification("warning", "results-limit",
                                 std::to_string(findings->size() - selected.size()) + " of " +
                                     std::to_string(findings->size()) + " findings are left out: GitHub code "
                                     "scanning takes at most " + std::to_string(opts.maxResults) +
                                     " results per run (the most severe are kept; the JSON report has all)"));
  json invocation = {{"executionSuccessful", successful}};
  if (!notes.empty()) invocation["toolExecutionNotifications"] = notes;

  json driver = {{"name", report.tool}, {"rules", sarifRules({others.begin(), others.end()})}};
  if (*kHomepage) driver["informationUri"] = kHomepage;
  if (!report.toolVersion.empty()) {
    driver["version"] = report.toolVersion;
    driver["semanticVersion"] = report.toolVersion;
  }

  json run = {{"tool", {{"driver", driver}}},
              {"invocations", json::array({invocation})},
              {"columnKind", "utf16CodeUnits"},
              {"results", results},
              {"properties", runProperties(report)}};
  json bases = locator.originalUriBaseIds();
  if (!bases.is_null()) run["originalUriBaseIds"] = bases;
  json files = artifacts(report, locator);
  if (!files.empty()) run["artifacts"] = files;

  return {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
          {"version", "2.1.0"},
          {"runs", json::array({run})}};
}

void writeSarif(std::ostream &os, const Report &report, const FormatOptions &opts) {
  os << toSarif(report, opts).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
}

} // namespace warpcheck
