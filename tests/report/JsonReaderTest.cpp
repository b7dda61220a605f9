// The JSON report reader: write -> read -> write gives the same bytes, and
// every kind of bad input is refused with a message naming its JSON path.
#include "ReportTestUtil.h"
#include "reports/formats/JsonFormat.h"
#include "reports/input/JsonReader.h"
#include <climits>
#include <functional>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace warpcheck;
using namespace warpcheck::test;
using nlohmann::json;

namespace {

std::string golden() {
  std::ifstream in(std::string(WARPCHECK_SOURCE_DIR) + "/tests/report/full-report.json", std::ios::binary);
  EXPECT_TRUE(in) << "cannot read tests/report/full-report.json";
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string written(const Report &r) {
  std::ostringstream os;
  writeJson(os, r, {});
  return os.str();
}

// A run report with every optional field, extreme numbers and awkward text.
Report richRunReport() {
  Report r;
  r.toolVersion = "9.8.7-dev";
  r.command = "run";
  Finding race = finding("race-shared", Severity::Error, at("src/k.cu", 4294967295u, 7, 4294967295u, 9),
                         "write by thread (1,0,0) races with \"read\"\n\tby thread (0,0,0) \xe2\x9c\x93",
                         {"run"});
  race.fingerprint = "0123456789abcdef:12";
  race.notes.push_back({at("src/k.cu", 3, 1), "the read"});
  RunEvidence e;
  e.kernel = "reduce<float>(float*, int)";
  e.count = ULLONG_MAX;
  e.block = {4294967295u, 0, 65535};
  e.accesses.push_back({"write", {1, 0, 0}, true, ULLONG_MAX, "_Z6reducePfi", 0x40});
  AccessEvidence unknownThread{"barrier", {}, false, 0x80, "", 0};
  e.accesses.push_back(unknownThread);
  e.relation = "inter-warp";
  e.sharedOffset = LLONG_MAX;
  e.mask = 0xffffffff;
  e.lanes = 0;
  e.mergedPcs = {{ULLONG_MAX, 0}, {0x90}};
  race.evidence = e;
  r.findings.push_back(race);

  Finding noLine = finding("warp-mask-nonuniform", Severity::Note, SourceRange{}, "at reduce+0x80", {"run"});
  RunEvidence minimal;
  minimal.kernel = "k";
  noLine.evidence = minimal; // no relation, offset, mask or lanes
  r.findings.push_back(noLine);

  RunSummary s;
  s.command = {"./app", "--n", "", "a b"};
  s.exitCode = INT_MIN;
  s.signal = 11;
  s.kernels = {"reduce<float>(float*, int)", "k"};
  s.launches = ULLONG_MAX;
  s.launchesChecked = 3;
  s.uncheckedAccesses = 1;
  s.uncheckedBlockThreads = 2;
  s.droppedHazards = 4;
  s.globalShadowBytes = ULLONG_MAX;
  s.globalShadowedBytes = 6;
  s.detectorBytes = 7;
  s.errors = {"one error"};
  s.warnings = {"w1", "w2"};
  r.run = s;
  r.suppressed.nolint = 2;
  r.suppressed.baseline = 1;
  return r;
}

// The golden report with one change made to its JSON.
std::string mutated(const std::function<void(json &)> &change) {
  json j = json::parse(golden());
  change(j);
  return j.dump();
}

std::string errorOf(const std::string &text) {
  Report r;
  std::string error;
  bool ok = true;
  EXPECT_NO_THROW(ok = readJsonReport(text, r, error));
  EXPECT_FALSE(ok) << "accepted: " << text.substr(0, 200);
  EXPECT_FALSE(error.empty());
  return error;
}

std::string tempPath(const std::string &name) {
  const auto *info = ::testing::UnitTest::GetInstance()->current_test_info();
  return ::testing::TempDir() + "warpcheck-reader-" + info->name() + "-" + name;
}

} // namespace

TEST(JsonReader, GoldenReportRoundTripsByteForByte) {
  Report r;
  std::string error;
  ASSERT_TRUE(readJsonReport(golden(), r, error)) << error;
  EXPECT_EQ(written(r), golden());
  ASSERT_EQ(r.files.size(), 3u);
  EXPECT_EQ(r.files[1].status, FileStatusKind::ParseError);
  EXPECT_EQ(r.files[2].reason, "not a CUDA source (.cpp)");
  ASSERT_EQ(r.findings.size(), 2u);
  EXPECT_EQ(r.findings[0].fixits[1].where.endColumn, 4u); // an insertion
  EXPECT_FALSE(r.run);
}

TEST(JsonReader, RichRunReportRoundTripsByteForByte) {
  Report original = richRunReport();
  std::string first = written(original);
  Report back;
  std::string error;
  ASSERT_TRUE(readJsonReport(first, back, error)) << error;
  EXPECT_EQ(written(back), first);

  // The fields came back themselves, not just their JSON.
  ASSERT_TRUE(back.run);
  EXPECT_EQ(back.run->exitCode, INT_MIN);
  EXPECT_EQ(back.run->launches, ULLONG_MAX);
  EXPECT_EQ(back.run->command, original.run->command);
  EXPECT_EQ(back.run->globalShadowBytes, ULLONG_MAX);
  EXPECT_EQ(back.run->globalShadowedBytes, 6u);
  EXPECT_EQ(back.run->detectorBytes, 7u);
  EXPECT_EQ(back.suppressed.nolint, 2u);
  EXPECT_EQ(back.suppressed.baseline, 1u);
  const Finding &f = back.findings[0];
  EXPECT_EQ(f.message, original.findings[0].message);
  EXPECT_EQ(f.fingerprint, "0123456789abcdef:12");
  EXPECT_EQ(f.where.line, 4294967295u);
  ASSERT_TRUE(f.evidence);
  EXPECT_EQ(f.evidence->count, ULLONG_MAX);
  EXPECT_EQ(f.evidence->sharedOffset, LLONG_MAX);
  EXPECT_EQ(f.evidence->mask, 0xffffffff);
  EXPECT_EQ(f.evidence->lanes, 0);
  EXPECT_EQ(f.evidence->mergedPcs, original.findings[0].evidence->mergedPcs);
  EXPECT_TRUE(f.evidence->accesses[0].threadKnown);
  EXPECT_FALSE(f.evidence->accesses[1].threadKnown);
  const RunEvidence &minimal = *back.findings[1].evidence;
  EXPECT_EQ(minimal.relation, "");
  EXPECT_EQ(minimal.sharedOffset, -1);
  EXPECT_EQ(minimal.mask, -1);
  EXPECT_EQ(minimal.lanes, -1);
  EXPECT_TRUE(minimal.mergedPcs.empty());
  EXPECT_EQ(back.findings[1].severity, Severity::Note);
}

TEST(JsonReader, EmptyLintReportRoundTrips) {
  Report r;
  r.command = "lint";
  std::string text = written(r), error;
  Report back;
  ASSERT_TRUE(readJsonReport(text, back, error)) << error;
  EXPECT_EQ(written(back), text);
}

TEST(JsonReader, KeyOrderAndWhitespaceDoNotMatter) {
  json j = json::parse(golden());
  std::string compact = j.dump(); // same keys, no whitespace
  Report r;
  std::string error;
  ASSERT_TRUE(readJsonReport(compact, r, error)) << error;
  EXPECT_EQ(written(r), golden());
}

TEST(JsonReader, RefusesTextThatIsNotJson) {
  EXPECT_EQ(errorOf(""), "not valid JSON: parse error at line 1, column 1: syntax error while parsing value - "
                         "unexpected end of input; expected '[', '{', or a literal");
  std::string g = golden();
  std::string truncated = errorOf(g.substr(0, g.size() / 2));
  EXPECT_EQ(truncated.rfind("not valid JSON: parse error at line ", 0), 0u) << truncated;
  EXPECT_NE(truncated.find("unexpected end of input"), std::string::npos) << truncated;
  EXPECT_EQ(errorOf("{\"version\": 1e400}"), "not valid JSON: number overflow parsing '1e400'");
  // nlohmann quotes the bad byte; it is shown escaped.
  EXPECT_EQ(errorOf("{\"a\": \"caf\xe9\"}"), "not valid JSON: parse error at line 1, column 12: syntax error while "
                                              "parsing value - invalid string: ill-formed UTF-8 byte; last read: "
                                              "'\"caf\\xe9\"'");
}

TEST(JsonReader, BoundsNestingWhileParsing) {
  EXPECT_EQ(errorOf(std::string(100000, '[')), "not valid JSON: nested deeper than 64 levels at line 1, column 65");
  std::string objects;
  for (int i = 0; i < 70; ++i) objects += "{\"a\":";
  EXPECT_EQ(errorOf("\n" + objects), "not valid JSON: nested deeper than 64 levels at line 2, column 321");
  // The first problem in document order: the parser's callback bounds the
  // depth (support/JsonRead.h), so a syntax error before the deep part is
  // the one named. (A bracket scan before parsing named the depth first.)
  std::string early = errorOf("\n{\"a\":" + std::string(70, '{'));
  EXPECT_EQ(early.rfind("not valid JSON: parse error at line 2, column 7: syntax error", 0), 0u) << early;
  // Brackets inside strings are text, however many.
  Report r;
  std::string error;
  std::string deepText = mutated([](json &j) { j["findings"][0]["message"] = std::string(1000, '[') + "\\\"{"; });
  EXPECT_TRUE(readJsonReport(deepText, r, error)) << error;
}

TEST(JsonReader, RefusesAnotherVersion) {
  EXPECT_EQ(errorOf(mutated([](json &j) { j["version"] = 2; })),
            "report version 2 is newer than this warpcheck understands (1)");
  EXPECT_EQ(errorOf(mutated([](json &j) { j["version"] = 0; })),
            "version: unknown report version 0 (this warpcheck reads version 1)");
  EXPECT_EQ(errorOf(mutated([](json &j) { j["version"] = "1"; })), "version: expected an integer, not \"1\"");
  EXPECT_EQ(errorOf(mutated([](json &j) { j["version"] = 1.5; })), "version: expected an integer, not 1.5");
  EXPECT_EQ(errorOf(mutated([](json &j) { j.erase("version"); })), "missing required field \"version\"");
  // The version is checked first: a newer report may differ in any other way.
  EXPECT_EQ(errorOf(R"({"version": 3, "findings": 7})"),
            "report version 3 is newer than this warpcheck understands (1)");
}

TEST(JsonReader, RefusesWrongTypes) {
  EXPECT_EQ(errorOf("[]"), "expected an object, not an array");
  EXPECT_EQ(errorOf(mutated([](json &j) { j["files"] = json::object(); })), "files: expected an array, not an object");
  EXPECT_EQ(errorOf(mutated([](json &j) { j["findings"][1]["line"] = "12"; })),
            "findings[1].line: expected a non-negative integer, not \"12\"");
  EXPECT_EQ(errorOf(mutated([](json &j) { j["findings"][0]["notes"][0]["column"] = true; })),
            "findings[0].notes[0].column: expected a non-negative integer, not true");
  EXPECT_EQ(errorOf(mutated([](json &j) { j["findings"][0]["fixes"][1]["replacement"] = nullptr; })),
            "findings[0].fixes[1].replacement: expected a string, not null");
  EXPECT_EQ(errorOf(mutated([](json &j) { j["findings"][0]["passes"] = "sm_90"; })),
            "findings[0].passes: expected an array, not \"sm_90\"");
  EXPECT_EQ(errorOf(mutated([](json &j) { j["tool"] = "warpcheck"; })), "tool: expected an object, not \"warpcheck\"");
  EXPECT_EQ(errorOf(mutated([](json &j) { j["findings"][0]["line"] = 12.5; })),
            "findings[0].line: expected a non-negative integer, not 12.5");
}

TEST(JsonReader, RefusesMissingRequiredFields) {
  EXPECT_EQ(errorOf(mutated([](json &j) { j["findings"][1].erase("message"); })),
            "findings[1]: missing required field \"message\"");
  EXPECT_EQ(errorOf(mutated([](json &j) { j["files"][1]["messages"][0].erase("end_column"); })),
            "files[1].messages[0]: missing required field \"end_column\"");
  EXPECT_EQ(errorOf(mutated([](json &j) { j["tool"].erase("version"); })), "tool: missing required field \"version\"");
  EXPECT_EQ(errorOf(mutated([](json &j) { j.erase("findings"); })), "missing required field \"findings\"");
}

TEST(JsonReader, RefusesUnknownEnumerationValues) {
  EXPECT_EQ(errorOf(mutated([](json &j) { j["findings"][0]["severity"] = "fatal"; })),
            "findings[0].severity: unknown severity \"fatal\" (expected error, warning or note)");
  EXPECT_EQ(errorOf(mutated([](json &j) { j["files"][1]["status"] = "ok"; })),
            "files[1].status: unknown status \"ok\" (expected analyzed, analyzed-with-errors, parse-error or skipped)");
  EXPECT_EQ(errorOf(mutated([](json &j) { j["files"][1]["messages"][0]["severity"] = "remark"; })),
            "files[1].messages[0].severity: unknown severity \"remark\" (expected fatal error, error, warning or note)");
  EXPECT_EQ(errorOf(mutated([](json &j) { j["command"] = "lnt"; })),
            "command: unknown command \"lnt\" (expected lint or run)");
  EXPECT_EQ(errorOf(mutated([](json &j) { j["tool"]["name"] = "other"; })),
            "tool.name: unknown tool \"other\" (expected warpcheck)");
}

TEST(JsonReader, RefusesNegativeAndOutOfRangeNumbers) {
  EXPECT_EQ(errorOf(mutated([](json &j) { j["findings"][1]["line"] = -1; })),
            "findings[1].line: expected a non-negative integer, not -1");
  EXPECT_EQ(errorOf(mutated([](json &j) { j["findings"][1]["end_line"] = 4294967296ull; })),
            "findings[1].end_line: 4294967296 is out of range (at most 4294967295)");
  // Beyond 64 bits nlohmann keeps a double.
  EXPECT_EQ(errorOf(R"({"version": 1, "tool": {"name": "warpcheck", "version": ""}, "command": "lint",
                       "files": [], "findings": [{"line": 99999999999999999999999}]})"),
            "findings[0]: missing required field \"rule\"");
  std::string huge = golden();
  huge.replace(huge.find("\"line\": 20"), 10, "\"line\": 1000000000000000000000000000000");
  EXPECT_EQ(errorOf(huge), "findings[1].line: 1e+30 is out of range (at most 4294967295)");
}

TEST(JsonReader, ValidatesRunSectionAndEvidence) {
  std::string text = written(richRunReport());
  auto change = [&](const std::function<void(json &)> &f) {
    json j = json::parse(text);
    f(j);
    return errorOf(j.dump());
  };
  EXPECT_EQ(change([](json &j) { j["run"]["exit_code"] = 10000000000ll; }),
            "run.exit_code: 10000000000 is out of range (-2147483648 to 2147483647)");
  EXPECT_EQ(change([](json &j) { j["run"]["signal"] = -1; }), "run.signal: expected a non-negative integer, not -1");
  EXPECT_EQ(change([](json &j) { j["run"]["kernels"][1] = 5; }), "run.kernels[1]: expected a string, not 5");
  EXPECT_EQ(change([](json &j) { j["run"].erase("dropped_hazards"); }),
            "run: missing required field \"dropped_hazards\"");
  // device_memory came later: a report without it reads (zeros), one with it whole.
  {
    json j = json::parse(text);
    j["run"].erase("device_memory");
    Report back;
    std::string error;
    ASSERT_TRUE(readJsonReport(j.dump(), back, error)) << error;
    ASSERT_TRUE(back.run);
    EXPECT_EQ(back.run->globalShadowBytes + back.run->globalShadowedBytes + back.run->detectorBytes, 0u);
  }
  EXPECT_EQ(change([](json &j) { j["run"]["device_memory"].erase("detector_bytes"); }),
            "run.device_memory: missing required field \"detector_bytes\"");
  EXPECT_EQ(change([](json &j) { j["run"]["device_memory"]["global_shadow_bytes"] = -1; }),
            "run.device_memory.global_shadow_bytes: expected a non-negative integer, not -1");
  EXPECT_EQ(change([](json &j) { j["findings"][0]["run"]["block"] = {1, 2}; }),
            "findings[0].run.block: expected 3 integers (x, y, z), not 2");
  EXPECT_EQ(change([](json &j) { j["findings"][0]["run"]["mask"] = 4294967296ull; }),
            "findings[0].run.mask: 4294967296 is out of range (0 to 4294967295)");
  EXPECT_EQ(change([](json &j) { j["findings"][0]["run"]["shared_offset"] = -4; }),
            "findings[0].run.shared_offset: expected a non-negative integer, not -4");
  EXPECT_EQ(change([](json &j) { j["findings"][0]["run"]["relation"] = "cross"; }),
            "findings[0].run.relation: unknown relation \"cross\" (expected intra-warp, inter-warp, intra-block, inter-block or inter-launch)");
  EXPECT_EQ(change([](json &j) { j["findings"][0]["run"]["accesses"][1]["kind"] = "load"; }),
            "findings[0].run.accesses[1].kind: unknown access kind \"load\" "
            "(expected read, write, atomic, barrier or syncwarp)");
  EXPECT_EQ(change([](json &j) { j["findings"][0]["run"]["accesses"][0]["thread"][2] = 4294967296ull; }),
            "findings[0].run.accesses[0].thread[2]: 4294967296 is out of range (at most 4294967295)");
  EXPECT_EQ(change([](json &j) { j["findings"][0]["run"]["merged_pcs"][1][0] = -16; }),
            "findings[0].run.merged_pcs[1][0]: expected a non-negative integer, not -16");
  EXPECT_EQ(change([](json &j) { j["suppressed"]["baseline"] = -1; }),
            "suppressed.baseline: expected a non-negative integer, not -1");
}

TEST(JsonReader, ChecksWhatTheSchemaStates) {
  EXPECT_EQ(errorOf(mutated([](json &j) { j["findings"][0]["rule"] = "Barrier_Divergent"; })),
            "findings[0].rule: not a rule id (lowercase letters and digits, dash-separated): \"Barrier_Divergent\"");
  EXPECT_EQ(errorOf(mutated([](json &j) { j["findings"][0]["fingerprint"] = "0123456789abcdef:0"; })),
            "findings[0].fingerprint: not a fingerprint (16 hex digits, ':', a number): \"0123456789abcdef:0\"");
  EXPECT_EQ(errorOf(mutated([](json &j) { j["findings"][0]["fingerprint"] = "0123456789ABCDEF:1"; })),
            "findings[0].fingerprint: not a fingerprint (16 hex digits, ':', a number): \"0123456789ABCDEF:1\"");
  EXPECT_EQ(errorOf(mutated([](json &j) { j["findings"][0]["passes"] = {"host", "sm_90", "host"}; })),
            "findings[0].passes: pass \"host\" is listed twice");
  EXPECT_EQ(errorOf(mutated([](json &j) { j["files"][0]["passes"][0] = ""; })),
            "files[0].passes[0]: expected a non-empty string");
  EXPECT_EQ(errorOf(mutated([](json &j) { j["files"][0]["path"] = ""; })), "files[0].path: expected a non-empty string");
  EXPECT_EQ(errorOf(mutated([](json &j) { j["findings"][0]["message"] = ""; })),
            "findings[0].message: expected a non-empty string");
}

TEST(JsonReader, IgnoresAndListsUnknownKeys) {
  std::string text = mutated([](json &j) {
    j["future_summary"] = {{"a", 1}};
    j["findings"][0]["confidence"] = "high";
    j["files"][2]["\x1b[2Jsize"] = 3;
  });
  Report r;
  std::string error;
  std::vector<std::string> ignored;
  ASSERT_TRUE(readJsonReport(text, r, error, &ignored)) << error;
  EXPECT_EQ(ignored, (std::vector<std::string>{"files[2].\\x1b[2Jsize", "findings[0].confidence", "future_summary"}));
  EXPECT_EQ(written(r), golden()); // and they are not written back
}

TEST(JsonReader, ErrorsShowHostileTextEscaped) {
  std::string error = errorOf(mutated([](json &j) { j["command"] = "\x1b]0;owned\x07" + std::string(100, 'x'); }));
  EXPECT_EQ(error, "command: unknown command \"\\x1b]0;owned\\x07xxxxxxxxxxxxxxxxxxxxxxxx...\" (expected lint or run)");
  EXPECT_EQ(error.find('\x1b'), std::string::npos);
  // C1 controls (U+009B is CSI on some terminals) too.
  EXPECT_EQ(errorOf(mutated([](json &j) { j["command"] = "\xc2\x9b"
                                                         "31m"; })),
            "command: unknown command \"\\x9b31m\" (expected lint or run)");
}

TEST(JsonReader, FileVariantNamesTheFile) {
  Report r;
  std::string error;
  std::string missing = tempPath("missing.json");
  EXPECT_FALSE(readJsonReportFile(missing, r, error));
  EXPECT_EQ(error, missing + ": cannot open: No such file or directory");

  std::string dir = tempPath("dir");
  std::filesystem::create_directories(dir);
  EXPECT_FALSE(readJsonReportFile(dir, r, error));
  EXPECT_EQ(error, dir + ": is a directory");

  std::string bad = tempPath("v2.json");
  std::ofstream(bad) << mutated([](json &j) { j["version"] = 2; });
  EXPECT_FALSE(readJsonReportFile(bad, r, error));
  EXPECT_EQ(error, bad + ": report version 2 is newer than this warpcheck understands (1)");

  std::string good = tempPath("good.json");
  std::ofstream(good, std::ios::binary) << golden();
  ASSERT_TRUE(readJsonReportFile(good, r, error)) << error;
  EXPECT_EQ(written(r), golden());
}

// Every prefix of a valid report is refused with a message, never a throw.
// (The prefix that lacks only the final newline is the whole report.)
TEST(JsonReader, EveryTruncationIsRefusedCleanly) {
  std::string text = written(richRunReport());
  ASSERT_EQ(text.back(), '\n');
  for (size_t n = 0; n + 1 < text.size(); n += 7) {
    Report r;
    std::string error;
    bool ok = true;
    ASSERT_NO_THROW(ok = readJsonReport(text.substr(0, n), r, error)) << n;
    EXPECT_FALSE(ok) << n;
    EXPECT_EQ(error.rfind("not valid JSON: ", 0), 0u) << n << ": " << error;
  }
}

// A lint that analysed nothing says so in `problems`; `report` reads it back
// (and so exits 2 on it).
TEST(JsonReader, ProblemsRoundTrip) {
  Report r;
  r.toolVersion = "1";
  r.command = "lint";
  FileStatus skipped;
  skipped.path = "h.cpp";
  skipped.status = FileStatusKind::Skipped;
  skipped.reason = "not a CUDA or HIP source";
  r.files.push_back(skipped);
  r.problems.push_back("nothing was analysed: the only file was skipped ('h.cpp': not a CUDA or HIP source)");
  std::string text = written(r);
  EXPECT_NE(text.find("\"problems\""), std::string::npos) << text;
  Report back;
  std::string error;
  ASSERT_TRUE(readJsonReport(text, back, error)) << error;
  EXPECT_EQ(back.problems, r.problems);
  EXPECT_EQ(written(back), text);
  EXPECT_EQ(written(Report{}).find("problems"), std::string::npos); // absent when there is none
}

// A file analysed despite clang's errors in system headers reads back with
// its status and messages, and writes the same JSON again.
TEST(JsonReader, AnalyzedWithErrorsRoundTrips) {
  std::string text = mutated([](json &j) { j["files"][1]["status"] = "analyzed-with-errors"; });
  Report r;
  std::string error;
  ASSERT_TRUE(readJsonReport(text, r, error)) << error;
  EXPECT_EQ(r.files[1].status, FileStatusKind::AnalyzedWithErrors);
  EXPECT_FALSE(r.files[1].diagnostics.empty());
  EXPECT_EQ(json::parse(toJson(r).dump()), json::parse(text));
}
