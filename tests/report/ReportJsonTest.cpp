// The JSON format: every documented field present with its type, and a
// golden report that tests/report/ validates against docs/report.schema.json
// (so the schema, the docs and this writer cannot drift apart unnoticed).
#include "ReportTestUtil.h"
#include "reports/formats/JsonFormat.h"
#include <fstream>
#include <sstream>

using namespace warpcheck;
using namespace warpcheck::test;
using nlohmann::json;

namespace {

// One of everything: analyzed, parse-error and skipped files; a finding with
// notes, a replacing and an inserting fix-it, and several passes.
Report sampleReport() {
  Report r;
  r.toolVersion = "0.1.0";
  r.command = "lint";

  FileStatus ok;
  ok.path = "src/reduce.cu";
  ok.passes = {"host", "sm_90"};
  r.files.push_back(ok);

  FileStatus broken;
  broken.path = "src/broken.cu";
  broken.status = FileStatusKind::ParseError;
  broken.passes = {"host", "sm_90"};
  broken.diagnostics.push_back({at("src/broken.cu", 4, 10), "error", "expected ';' after expression", "sm_90"});
  Diagnostic whole;
  whole.where.file = "src/broken.cu";
  whole.severity = "fatal error";
  whole.message = "clang could not run this pass";
  whole.pass = "host";
  broken.diagnostics.push_back(whole);
  r.files.push_back(broken);

  FileStatus skipped;
  skipped.path = "src/host_only.cpp";
  skipped.status = FileStatusKind::Skipped;
  skipped.reason = "not a CUDA source (.cpp)";
  r.files.push_back(skipped);

  Finding f = finding("barrier-divergent", Severity::Error, at("src/reduce.cu", 12, 7, 12, 21),
                      "__syncthreads() is reached by only some threads of the block",
                      {"host", "sm_90"});
  f.notes.push_back({at("src/reduce.cu", 10, 3, 10, 16), "this branch depends on threadIdx.x"});
  f.fixits.push_back({at("src/reduce.cu", 12, 7, 12, 21), "__syncwarp()"});
  f.fixits.push_back({at("src/reduce.cu", 13, 5, 13, 4), "// "}); // an insertion
  r.findings.push_back(f);
  r.findings.push_back(finding("shfl-width", Severity::Warning, at("src/reduce.cu", 20, 11),
                               "width 24 is not a power of two", {"sm_90"}));
  return r;
}

std::string goldenPath() { return std::string(WARPCHECK_SOURCE_DIR) + "/tests/report/full-report.json"; }

void expectRange(const json &j, const std::string &where) {
  for (const char *k : {"file", "line", "column", "end_line", "end_column"})
    EXPECT_TRUE(j.contains(k)) << where << " lacks " << k;
  EXPECT_TRUE(j["file"].is_string()) << where;
  for (const char *k : {"line", "column", "end_line", "end_column"})
    EXPECT_TRUE(j[k].is_number_unsigned()) << where << "." << k;
}

} // namespace

TEST(ReportJson, TopLevelFields) {
  json j = toJson(sampleReport());
  EXPECT_EQ(j.size(), 5u) << j.dump(2);
  EXPECT_EQ(j["version"], kReportSchemaVersion);
  EXPECT_TRUE(j["version"].is_number_integer());
  EXPECT_EQ(j["tool"], json({{"name", "warpcheck"}, {"version", "0.1.0"}}));
  EXPECT_EQ(j["command"], "lint");
  EXPECT_TRUE(j["files"].is_array());
  EXPECT_TRUE(j["findings"].is_array());
}

TEST(ReportJson, FileFields) {
  json files = toJson(sampleReport())["files"];
  ASSERT_EQ(files.size(), 3u);
  EXPECT_EQ(files[0]["status"], "analyzed");
  EXPECT_EQ(files[1]["status"], "parse-error");
  EXPECT_EQ(files[2]["status"], "skipped");
  for (const json &f : files) {
    EXPECT_TRUE(f["path"].is_string());
    EXPECT_TRUE(f["passes"].is_array());
    EXPECT_TRUE(f["messages"].is_array());
  }
  // `reason` is there only when there is one.
  EXPECT_FALSE(files[0].contains("reason"));
  EXPECT_EQ(files[2]["reason"], "not a CUDA source (.cpp)");
  EXPECT_EQ(files[0]["passes"], json({"host", "sm_90"}));

  const json &msg = files[1]["messages"][0];
  expectRange(msg, "message");
  EXPECT_EQ(msg.size(), 8u) << msg.dump();
  EXPECT_EQ(msg["severity"], "error");
  EXPECT_EQ(msg["pass"], "sm_90");
  EXPECT_EQ(msg["line"], 4);
  EXPECT_EQ(msg["column"], 10);
  // No location: line 0, end = start.
  const json &whole = files[1]["messages"][1];
  EXPECT_EQ(whole["line"], 0);
  EXPECT_EQ(whole["end_line"], 0);
  EXPECT_EQ(whole["severity"], "fatal error");
}

TEST(ReportJson, FindingFields) {
  json f = toJson(sampleReport())["findings"][0];
  EXPECT_EQ(f.size(), 11u) << f.dump(2);
  expectRange(f, "finding");
  EXPECT_EQ(f["rule"], "barrier-divergent");
  EXPECT_EQ(f["severity"], "error");
  EXPECT_EQ(f["line"], 12);
  EXPECT_EQ(f["column"], 7);
  EXPECT_EQ(f["end_line"], 12);
  EXPECT_EQ(f["end_column"], 21);
  EXPECT_EQ(f["passes"], json({"host", "sm_90"}));
  ASSERT_EQ(f["notes"].size(), 1u);
  expectRange(f["notes"][0], "note");
  EXPECT_EQ(f["notes"][0].size(), 6u);
  EXPECT_EQ(f["notes"][0]["message"], "this branch depends on threadIdx.x");
  ASSERT_EQ(f["fixes"].size(), 2u);
  expectRange(f["fixes"][0], "fix");
  EXPECT_EQ(f["fixes"][0].size(), 6u);
  EXPECT_EQ(f["fixes"][0]["replacement"], "__syncwarp()");
  // An insertion ends one column before it starts; that must survive.
  EXPECT_EQ(f["fixes"][1]["column"], 5);
  EXPECT_EQ(f["fixes"][1]["end_column"], 4);
}

TEST(ReportJson, EmptyListsAreArraysNotNull) {
  Report r;
  r.command = "lint";
  FileStatus f;
  f.path = "a.cu";
  r.files.push_back(f);
  r.findings.push_back(finding("r", Severity::Note, at("a.cu", 1, 1), "m", {}));
  json j = toJson(r);
  EXPECT_TRUE(j["files"][0]["passes"].is_array());
  EXPECT_TRUE(j["files"][0]["messages"].is_array());
  EXPECT_TRUE(j["findings"][0]["passes"].is_array());
  EXPECT_TRUE(j["findings"][0]["notes"].is_array());
  EXPECT_TRUE(j["findings"][0]["fixes"].is_array());
  EXPECT_EQ(j["findings"][0]["severity"], "note");
}

TEST(ReportJson, UnsetEndIsTheStart) {
  Report r;
  Finding f;
  f.rule = "r";
  f.where.file = "a.cu";
  f.where.line = 3;
  f.where.column = 4;
  r.findings.push_back(f);
  json j = toJson(r)["findings"][0];
  EXPECT_EQ(j["end_line"], 3);
  EXPECT_EQ(j["end_column"], 4);
}

TEST(ReportJson, InvalidUtf8DoesNotThrow) {
  Report r;
  r.findings.push_back(finding("r", Severity::Warning, at("caf\xe9.cu", 1, 1), "bad \xff byte"));
  std::ostringstream os;
  EXPECT_NO_THROW(writeJson(os, r, {}));
  json back = json::parse(os.str());
  EXPECT_EQ(back["findings"][0]["message"], "bad \xef\xbf\xbd byte");
}

TEST(ReportJson, WriteJsonRoundTrips) {
  std::ostringstream os;
  writeJson(os, sampleReport(), {});
  EXPECT_EQ(json::parse(os.str()), toJson(sampleReport()));
  EXPECT_EQ(os.str().back(), '\n');
}

// tests/report/check_report_schema.py validates this file against the schema.
// After an intended change to the format, regenerate it with
// WARPCHECK_UPDATE_GOLDEN=1 and review the diff (and the schema and docs).
TEST(ReportJson, MatchesGoldenReport) {
  json actual = toJson(sampleReport());
  if (std::getenv("WARPCHECK_UPDATE_GOLDEN")) {
    std::ofstream(goldenPath()) << actual.dump(2) << '\n';
    GTEST_SKIP() << "rewrote " << goldenPath();
  }
  std::ifstream in(goldenPath());
  ASSERT_TRUE(in) << "cannot read " << goldenPath();
  json golden = json::parse(in);
  EXPECT_EQ(actual, golden) << "actual:\n" << actual.dump(2);
}
