// The JSON report read back, field by field in the order of
// reports/formats/JsonFormat.cpp. A new optional field is one line in its object's
// reader: `if (auto v = o.optional("key")) x.field = v->...;`.
//
// What is checked is what docs/report.schema.json states (types, required
// fields, enumerations, minimums, patterns, unique passes), plus that
// numbers fit the model: positions and blockIdx/threadIdx in 32 bits,
// `mask` and `lanes` in 32 bits (a warp has 32 lanes), `exit_code` an int.
#include "reports/input/JsonReader.h"
#include "support/JsonRead.h"
#include "support/Files.h"
#include <climits>
#include <iostream>

namespace warpcheck {
namespace {

using jsonin::Object;
using jsonin::Value;

unsigned uint32(const Value &v) { return unsigned(v.unsignedAtMost(UINT_MAX)); }
uint64_t uint64(const Value &v) { return v.unsignedAtMost(UINT64_MAX); }

void checkVersion(const Value &v) {
  int64_t version = v.integerIn(INT64_MIN, INT64_MAX);
  if (version > kReportSchemaVersion)
    throw jsonin::ReadError{"report version " + std::to_string(version) +
                            " is newer than this warpcheck understands (" +
                            std::to_string(kReportSchemaVersion) + ")"};
  if (version < kReportSchemaVersion)
    v.fail("unknown report version " + std::to_string(version) + " (this warpcheck reads version " +
           std::to_string(kReportSchemaVersion) + ")");
}

// ^[a-z0-9]+(-[a-z0-9]+)*$, as the schema states.
std::string ruleId(const Value &v) {
  std::string s = v.string();
  bool ok = !s.empty() && s.front() != '-' && s.back() != '-' && s.find("--") == std::string::npos;
  for (char c : s) ok &= (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
  if (!ok) v.fail("not a rule id (lowercase letters and digits, dash-separated): " + Value::shown(v.raw()));
  return s;
}

// 16 lowercase hex digits, ':', a number from 1 (reports/suppress/Fingerprint.h).
std::string fingerprint(const Value &v) {
  std::string s = v.string();
  bool ok = s.size() >= 18 && s[16] == ':' && s[17] != '0';
  for (size_t i = 0; i < s.size() && ok; ++i)
    ok = i == 16 || (s[i] >= '0' && s[i] <= '9') || (i < 16 && s[i] >= 'a' && s[i] <= 'f');
  if (!ok) v.fail("not a fingerprint (16 hex digits, ':', a number): " + Value::shown(v.raw()));
  return s;
}

std::vector<std::string> passes(const Value &v) {
  std::vector<std::string> out = v.array([](const Value &p) { return p.nonEmptyString(); });
  for (size_t i = 0; i < out.size(); ++i)
    for (size_t k = 0; k < i; ++k)
      if (out[i] == out[k])
        v.fail("pass \"" + jsonin::printable(out[i], 40) + "\" is listed twice");
  return out;
}

// The five position fields that findings, notes, fixes and messages share.
SourceRange position(Object &o) {
  SourceRange r;
  r.file = o.required("file").string();
  r.line = uint32(o.required("line"));
  r.column = uint32(o.required("column"));
  r.endLine = uint32(o.required("end_line"));
  r.endColumn = uint32(o.required("end_column"));
  return r;
}

Diagnostic diagnostic(const Value &v) {
  Object o(v);
  Diagnostic d;
  d.where = position(o);
  d.severity = o.required("severity").oneOf("severity", {"fatal error", "error", "warning", "note"});
  d.message = o.required("message").string();
  d.pass = o.required("pass").string();
  o.done();
  return d;
}

FileStatusKind fileStatus(const Value &v) {
  std::string s = v.oneOf("status", {"analyzed", "analyzed-with-errors", "parse-error", "skipped"});
  if (s == "analyzed") return FileStatusKind::Analyzed;
  if (s == "parse-error") return FileStatusKind::ParseError;
  if (s == "analyzed-with-errors") return FileStatusKind::AnalyzedWithErrors;
  return FileStatusKind::Skipped;
}

FileStatus file(const Value &v) {
  Object o(v);
  FileStatus f;
  f.path = o.required("path").nonEmptyString();
  f.status = fileStatus(o.required("status"));
  f.passes = passes(o.required("passes"));
  if (auto x = o.optional("reason")) f.reason = x->nonEmptyString();
  if (auto x = o.optional("incompleteRules")) f.incompleteRules = x->array(ruleId);
  o.optional("timing"); // informative only: not carried into converted reports
  f.diagnostics = o.required("messages").array(diagnostic);
  o.done();
  return f;
}

Note note(const Value &v) {
  Object o(v);
  Note n;
  n.where = position(o);
  n.message = o.required("message").string();
  o.done();
  return n;
}

FixIt fix(const Value &v) {
  Object o(v);
  FixIt x;
  x.where = position(o);
  x.replacement = o.required("replacement").string();
  o.done();
  return x;
}

AccessEvidence access(const Value &v) {
  Object o(v);
  AccessEvidence a;
  a.kind = o.required("kind").oneOf("access kind", {"read", "write", "atomic", "barrier", "syncwarp"});
  a.threadKnown = false;
  if (auto x = o.optional("thread")) a.thread = x->xyz(), a.threadKnown = true;
  a.pc = uint64(o.required("pc"));
  a.function = o.required("function").string();
  a.offset = uint64(o.required("offset"));
  o.done();
  return a;
}

RunEvidence evidence(const Value &v) {
  Object o(v);
  RunEvidence e;
  e.kernel = o.required("kernel").string();
  e.count = uint64(o.required("count"));
  e.block = o.required("block").xyz();
  e.accesses = o.required("accesses").array(access);
  if (auto x = o.optional("relation"))
    e.relation = x->oneOf("relation", {"intra-warp", "inter-warp", "intra-block", "inter-block", "inter-launch"});
  if (auto x = o.optional("shared_offset")) e.sharedOffset = x->integerIn(0, INT64_MAX);
  if (auto x = o.optional("address")) e.address = x->integerIn(0, INT64_MAX);
  if (auto x = o.optional("allocation")) e.allocation = x->string();
  if (auto x = o.optional("other_block")) e.otherBlock = x->xyz();
  if (auto x = o.optional("mask")) e.mask = x->integerIn(0, 0xffffffff);
  if (auto x = o.optional("lanes")) e.lanes = x->integerIn(0, 0xffffffff);
  if (auto x = o.optional("merged_pcs"))
    e.mergedPcs = x->array([](const Value &pcs) {
      return pcs.array([](const Value &pc) { return (unsigned long long)uint64(pc); });
    });
  o.done();
  return e;
}

Finding finding(const Value &v) {
  Object o(v);
  Finding f;
  f.rule = ruleId(o.required("rule"));
  f.severity = *parseSeverity(o.required("severity").oneOf("severity", {"error", "warning", "note"}));
  f.message = o.required("message").nonEmptyString();
  f.where = position(o);
  f.notes = o.required("notes").array(note);
  f.fixits = o.required("fixes").array(fix);
  f.passes = passes(o.required("passes"));
  if (auto x = o.optional("run")) f.evidence = evidence(*x);
  if (auto x = o.optional("fingerprint")) f.fingerprint = fingerprint(*x);
  o.done();
  return f;
}

RunSummary runSummary(const Value &v) {
  Object o(v);
  RunSummary r;
  r.command = o.required("command").strings();
  r.exitCode = int(o.required("exit_code").integerIn(INT_MIN, INT_MAX));
  r.signal = int(o.required("signal").integerIn(0, INT_MAX));
  r.kernels = o.required("kernels").strings();
  r.launches = uint64(o.required("launches"));
  r.launchesChecked = uint64(o.required("launches_checked"));
  r.uncheckedAccesses = uint64(o.required("unchecked_accesses"));
  r.uncheckedBlockThreads = uint64(o.required("unchecked_block_threads"));
  r.droppedHazards = uint64(o.required("dropped_hazards"));
  // Added in schema version 1 (optional: reports of earlier warpchecks lack it).
  if (auto memory = o.optional("device_memory")) {
    Object m(*memory);
    r.globalShadowBytes = uint64(m.required("global_shadow_bytes"));
    r.globalShadowedBytes = uint64(m.required("global_shadowed_bytes"));
    r.detectorBytes = uint64(m.required("detector_bytes"));
    m.done();
  }
  r.errors = o.required("errors").strings();
  r.warnings = o.required("warnings").strings();
  o.done();
  return r;
}

SuppressedCounts suppressed(const Value &v) {
  Object o(v);
  SuppressedCounts s;
  s.nolint = uint64(o.required("nolint"));
  s.suppressionFile = uint64(o.required("suppression_file"));
  s.baseline = uint64(o.required("baseline"));
  o.done();
  return s;
}

SuppressedFinding suppressedFinding(const Value &v) {
  Object o(v);
  SuppressedFinding s;
  std::string by = o.required("by").oneOf("by", {"nolint", "suppression-file", "baseline"});
  s.by = by == "nolint" ? SuppressionKind::Nolint
         : by == "baseline" ? SuppressionKind::Baseline : SuppressionKind::SuppressionFile;
  s.finding = finding(o.required("finding"));
  o.done();
  return s;
}

Report report(const Value &v) {
  Object o(v);
  // First: a newer report may differ in any other way.
  checkVersion(o.required("version"));
  Report r;
  Object tool(o.required("tool"));
  r.tool = tool.required("name").oneOf("tool", {"warpcheck"});
  r.toolVersion = tool.required("version").string();
  tool.done();
  r.command = o.required("command").oneOf("command", {"lint", "run"});
  r.files = o.required("files").array(file);
  r.findings = o.required("findings").array(finding);
  if (auto x = o.optional("run")) r.run = runSummary(*x);
  if (auto x = o.optional("suppressed")) r.suppressed = suppressed(*x);
  if (auto x = o.optional("suppressed_findings")) r.suppressedFindings = x->array(suppressedFinding);
  if (auto x = o.optional("problems")) r.problems = x->strings();
  o.done();
  return r;
}

// Everything a reader can throw, as one line.
template <typename F> bool guarded(std::string &error, F read) {
  try {
    read();
    return true;
  } catch (const jsonin::ReadError &e) {
    error = e.message;
  } catch (const std::bad_alloc &) {
    error = "out of memory while reading the report";
  } catch (const std::exception &e) {
    error = std::string("cannot read the report: ") + e.what();
  }
  return false;
}

} // namespace

bool readJsonReport(const std::string &text, Report &out, std::string &error,
                    std::vector<std::string> *ignoredKeys) {
  return guarded(error, [&] {
    nlohmann::json doc = jsonin::parse(text, kMaxReportNesting);
    jsonin::Context ctx{ignoredKeys};
    out = report(Value(doc, "", ctx));
  });
}

bool readJsonReportFile(const std::string &path, Report &out, std::string &error,
                        std::vector<std::string> *ignoredKeys) {
  bool stdinPath = path == "-";
  std::string name = stdinPath ? "<stdin>" : path, text;
  bool ok = guarded(error, [&] {
    if (stdinPath) {
      text = jsonin::readAll(std::cin, kMaxReportBytes);
      return;
    }
    ReadFailure failure;
    if (readBoundedFile(path, kMaxReportBytes, text, failure)) return;
    switch (failure.kind) {
    case ReadFailure::Directory: throw jsonin::ReadError{"is a directory"};
    case ReadFailure::CannotOpen: throw jsonin::ReadError{"cannot open: " + failure.systemError};
    case ReadFailure::ReadError: throw jsonin::ReadError{"read error"};
    case ReadFailure::TooLarge:
      throw jsonin::ReadError{"larger than " + std::to_string(kMaxReportBytes >> 20) + " MiB; not read"};
    }
  });
  if (ok) ok = readJsonReport(text, out, error, ignoredKeys);
  if (!ok) error = name + ": " + error;
  return ok;
}

} // namespace warpcheck
