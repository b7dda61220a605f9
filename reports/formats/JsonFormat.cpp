#include "reports/formats/JsonFormat.h"

namespace warpcheck {
namespace {

using nlohmann::json;

// An unset end (endLine 0) is the start. A set end is written as is: a
// fix-it that inserts ends one column before it starts.
void putRange(json &j, const SourceRange &r) {
  j["file"] = r.file;
  j["line"] = r.line;
  j["column"] = r.column;
  j["end_line"] = r.endLine ? r.endLine : r.line;
  j["end_column"] = r.endLine ? r.endColumn : r.column;
}

json evidenceJson(const RunEvidence &e) {
  json j;
  j["kernel"] = e.kernel;
  j["count"] = e.count;
  j["block"] = e.block;
  j["accesses"] = json::array();
  for (const AccessEvidence &a : e.accesses) {
    json aj;
    aj["kind"] = a.kind;
    if (a.threadKnown) aj["thread"] = a.thread;
    aj["pc"] = a.pc;
    aj["function"] = a.function;
    aj["offset"] = a.offset;
    j["accesses"].push_back(aj);
  }
  if (!e.relation.empty()) j["relation"] = e.relation;
  if (e.sharedOffset >= 0) j["shared_offset"] = e.sharedOffset;
  if (e.address >= 0) j["address"] = e.address;
  if (!e.allocation.empty()) j["allocation"] = e.allocation;
  if (e.otherBlock) j["other_block"] = *e.otherBlock;
  if (e.mask >= 0) j["mask"] = e.mask;
  if (e.lanes >= 0) j["lanes"] = e.lanes;
  if (!e.mergedPcs.empty()) j["merged_pcs"] = e.mergedPcs;
  return j;
}

json runJson(const RunSummary &r) {
  return {{"command", r.command},
          {"exit_code", r.exitCode},
          {"signal", r.signal},
          {"kernels", r.kernels},
          {"launches", r.launches},
          {"launches_checked", r.launchesChecked},
          {"unchecked_accesses", r.uncheckedAccesses},
          {"unchecked_block_threads", r.uncheckedBlockThreads},
          {"dropped_hazards", r.droppedHazards},
          {"device_memory",
           {{"global_shadow_bytes", r.globalShadowBytes},
            {"global_shadowed_bytes", r.globalShadowedBytes},
            {"detector_bytes", r.detectorBytes}}},
          {"errors", r.errors},
          {"warnings", r.warnings}};
}

json findingJson(const Finding &f) {
  json j;
  j["rule"] = f.rule;
  j["severity"] = severityName(f.severity);
  j["message"] = f.message;
  putRange(j, f.where);
  j["notes"] = json::array();
  for (const Note &n : f.notes) {
    json nj;
    putRange(nj, n.where);
    nj["message"] = n.message;
    j["notes"].push_back(nj);
  }
  j["fixes"] = json::array();
  for (const FixIt &x : f.fixits) {
    json xj;
    putRange(xj, x.where);
    xj["replacement"] = x.replacement;
    j["fixes"].push_back(xj);
  }
  j["passes"] = f.passes;
  if (f.evidence) j["run"] = evidenceJson(*f.evidence);
  if (!f.fingerprint.empty()) j["fingerprint"] = f.fingerprint;
  return j;
}

json fileJson(const FileStatus &f) {
  json j;
  j["path"] = f.path;
  j["status"] = fileStatusName(f.status);
  j["passes"] = f.passes;
  if (!f.reason.empty()) j["reason"] = f.reason;
  if (!f.incompleteRules.empty()) j["incompleteRules"] = f.incompleteRules;
  if (f.timing) {
    json t;
    t["passes"] = json::array();
    for (const FileTiming::PassTime &p : f.timing->passes)
      t["passes"].push_back({{"pass", p.pass}, {"parseSeconds", p.parseSeconds},
                             {"analysisSeconds", p.analysisSeconds}, {"uniformitySeconds", p.uniformitySeconds}});
    t["rules"] = json::object();
    for (const auto &[rule, s] : f.timing->ruleSeconds) t["rules"][rule] = s;
    j["timing"] = t;
  }
  j["messages"] = json::array();
  for (const Diagnostic &d : f.diagnostics) {
    json dj;
    putRange(dj, d.where);
    dj["severity"] = d.severity;
    dj["message"] = d.message;
    dj["pass"] = d.pass;
    j["messages"].push_back(dj);
  }
  return j;
}

} // namespace

json toJson(const Report &report) {
  json j;
  j["version"] = kReportSchemaVersion;
  j["tool"] = {{"name", report.tool}, {"version", report.toolVersion}};
  j["command"] = report.command;
  j["files"] = json::array();
  for (const FileStatus &f : report.files) j["files"].push_back(fileJson(f));
  j["findings"] = json::array();
  for (const Finding &f : report.findings) j["findings"].push_back(findingJson(f));
  if (report.run) j["run"] = runJson(*report.run);
  if (report.suppressed.total())
    j["suppressed"] = {{"nolint", report.suppressed.nolint},
                       {"suppression_file", report.suppressed.suppressionFile},
                       {"baseline", report.suppressed.baseline}};
  if (!report.suppressedFindings.empty()) {
    j["suppressed_findings"] = json::array();
    for (const SuppressedFinding &s : report.suppressedFindings)
      j["suppressed_findings"].push_back({{"by", suppressionKindName(s.by)}, {"finding", findingJson(s.finding)}});
  }
  if (!report.problems.empty()) j["problems"] = report.problems;
  return j;
}

// Paths and compiler messages are bytes, not always UTF-8: replace what is not
// valid UTF-8 (U+FFFD) rather than throw.
void writeJson(std::ostream &os, const Report &report, const FormatOptions &) {
  os << toJson(report).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
}

} // namespace warpcheck
