// The codeclimate format (GitLab Code Quality): a golden report, and the
// properties GitLab relies on: its required fields, unique fingerprints,
// its severities, and paths relative to the source root.
#include "ReportTestUtil.h"
#include "reports/formats/CodeClimateFormat.h"
#include "reports/formats/Formats.h"
#include <fstream>
#include <set>

using namespace warpcheck;
using namespace warpcheck::test;
using nlohmann::json;

namespace {

const char *kRoot = "/nonexistent-repo";

std::string under(const std::string &rel) { return std::string(kRoot) + "/" + rel; }

// Parse errors in two passes, findings of each severity with notes, one
// from a run without a location, one outside the root.
Report sample() {
  Report r;
  r.command = "lint";
  FileStatus bad;
  bad.path = under("src/broken.cu");
  bad.status = FileStatusKind::ParseError;
  bad.diagnostics.push_back({at(under("src/broken.cu"), 4, 10), "error", "expected ';'", "host"});
  bad.diagnostics.push_back({at(under("src/broken.cu"), 4, 10), "error", "expected ';'", "sm_90"});
  bad.diagnostics.push_back({at(under("src/broken.cu"), 9, 1), "warning", "unused variable", "host"});
  r.files.push_back(bad);

  Finding e = finding("barrier-divergent", Severity::Error, at(under("src/reduce.cu"), 12, 7, 14, 2),
                      "__syncthreads() is reached by only some threads of the block", {"host", "sm_90"});
  e.notes.push_back({at(under("src/reduce.cu"), 10, 3), "this branch depends on threadIdx.x"});
  e.fingerprint = "e406b09dfbbe3abe:1";
  r.findings.push_back(e);
  Finding w = finding("warp-shfl-width", Severity::Warning, at(under("src/reduce.cu"), 20, 11), "width 24");
  w.fingerprint = "1996f07ab312f5af:1";
  r.findings.push_back(w);
  Finding n = finding("arch-macro-in-host-code", Severity::Note, at("/elsewhere/h.cuh", 3, 1), "a note");
  n.fingerprint = "00000000000000aa:1";
  r.findings.push_back(n);
  Finding run = finding("race-shared", Severity::Error, SourceRange{}, "race at reduce+0x40", {"run"});
  run.fingerprint = "00000000000000bb:1";
  RunEvidence ev;
  ev.kernel = "reduce(float*)";
  ev.count = 3;
  run.evidence = ev;
  r.findings.push_back(run);
  return r;
}

FormatOptions rooted() {
  FormatOptions o;
  o.sourceRoot = kRoot;
  return o;
}

std::string goldenPath() { return std::string(WARPCHECK_SOURCE_DIR) + "/tests/report/codeclimate-report.json"; }

} // namespace

// After an intended change, regenerate with WARPCHECK_UPDATE_GOLDEN=1 and
// review the diff (and docs/report-format.md).
TEST(CodeClimateFormat, MatchesGoldenReport) {
  std::ostringstream os;
  writeCodeClimate(os, sample(), rooted());
  if (std::getenv("WARPCHECK_UPDATE_GOLDEN")) {
    std::ofstream(goldenPath(), std::ios::binary) << os.str();
    GTEST_SKIP() << "rewrote " << goldenPath();
  }
  std::ifstream in(goldenPath(), std::ios::binary);
  ASSERT_TRUE(in) << "cannot read " << goldenPath();
  std::ostringstream golden;
  golden << in.rdbuf();
  EXPECT_EQ(os.str(), golden.str());
}

TEST(CodeClimateFormat, EveryIssueHasWhatGitLabRequires) {
  json issues = toCodeClimate(sample(), rooted());
  ASSERT_TRUE(issues.is_array());
  ASSERT_EQ(issues.size(), 5u); // one parse error (twice in passes, and a warning left out) + 4 findings
  const std::set<std::string> severities{"info", "minor", "major", "critical", "blocker"};
  for (const json &i : issues) {
    EXPECT_EQ(i["type"], "issue");
    EXPECT_TRUE(i["description"].is_string() && !i["description"].get<std::string>().empty()) << i;
    EXPECT_TRUE(i["check_name"].is_string()) << i;
    EXPECT_TRUE(i["fingerprint"].is_string()) << i;
    EXPECT_TRUE(severities.count(i["severity"].get<std::string>())) << i;
    EXPECT_EQ(i["categories"], json({"Bug Risk"}));
    EXPECT_TRUE(i["location"]["path"].is_string()) << i;
    EXPECT_GE(i["location"]["lines"]["begin"].get<int>(), 1) << i;
    EXPECT_GE(i["location"]["lines"]["end"].get<int>(), i["location"]["lines"]["begin"].get<int>()) << i;
    EXPECT_TRUE(i["content"]["body"].is_string()) << i;
  }
  EXPECT_EQ(issues[0]["check_name"], "parse-error");
  EXPECT_EQ(issues[0]["description"], "expected ';'");
  EXPECT_EQ(issues[1]["location"]["lines"], json({{"begin", 12}, {"end", 14}}));
  // A finding without a location (a run without -lineinfo) still has a line.
  EXPECT_EQ(issues[4]["location"], json({{"path", ""}, {"lines", {{"begin", 1}, {"end", 1}}}}));
  EXPECT_NE(issues[4]["content"]["body"].get<std::string>().find("seen 3 times in kernel `reduce(float*)`"),
            std::string::npos);
}

TEST(CodeClimateFormat, SeverityMapping) {
  EXPECT_STREQ(codeClimateSeverity(Severity::Error), "critical");
  EXPECT_STREQ(codeClimateSeverity(Severity::Warning), "major");
  EXPECT_STREQ(codeClimateSeverity(Severity::Note), "info");
  json issues = toCodeClimate(sample(), rooted());
  EXPECT_EQ(issues[1]["severity"], "critical");
  EXPECT_EQ(issues[2]["severity"], "major");
  EXPECT_EQ(issues[3]["severity"], "info");
}

TEST(CodeClimateFormat, PathsRelativeToTheSourceRoot) {
  json issues = toCodeClimate(sample(), rooted());
  EXPECT_EQ(issues[0]["location"]["path"], "src/broken.cu");
  EXPECT_EQ(issues[1]["location"]["path"], "src/reduce.cu");
  EXPECT_EQ(issues[3]["location"]["path"], "/elsewhere/h.cuh"); // outside the root: absolute
  EXPECT_NE(issues[1]["content"]["body"].get<std::string>().find("- note: `src/reduce.cu:10:3`: this branch"),
            std::string::npos)
      << issues[1]["content"]["body"];
  // No source root: paths as the report has them.
  json asIs = toCodeClimate(sample(), FormatOptions{});
  EXPECT_EQ(asIs[1]["location"]["path"], under("src/reduce.cu"));
}

TEST(CodeClimateFormat, FingerprintsAreTheFindingsOwnAndUnique) {
  json issues = toCodeClimate(sample(), rooted());
  EXPECT_EQ(issues[1]["fingerprint"], "e406b09dfbbe3abe:1");

  // Two identical-looking findings without fingerprints...
  Report twins;
  twins.findings.push_back(finding("warp-shfl-width", Severity::Error, at(under("a.cu"), 3, 1), "width 24"));
  twins.findings.push_back(twins.findings[0]);
  // ...and two that carry the same one (a report edited by hand).
  twins.findings.push_back(finding("warp-shfl-width", Severity::Error, at(under("b.cu"), 3, 1), "width 24"));
  twins.findings.back().fingerprint = "0123456789abcdef:1";
  twins.findings.push_back(twins.findings.back());
  json out = toCodeClimate(twins, rooted());
  std::set<std::string> seen;
  for (const json &i : out) EXPECT_TRUE(seen.insert(i["fingerprint"].get<std::string>()).second) << out.dump(2);
  EXPECT_EQ(out[0]["fingerprint"].get<std::string>().substr(16), ":1");
  EXPECT_EQ(out[1]["fingerprint"].get<std::string>().substr(16), ":2");
  EXPECT_EQ(out[2]["fingerprint"], "0123456789abcdef:1");
  EXPECT_EQ(out[3]["fingerprint"], "0123456789abcdef:1+2");
  // The same report gives the same fingerprints again.
  EXPECT_EQ(toCodeClimate(twins, rooted()), out);
}

TEST(CodeClimateFormat, RegisteredAsAFormat) {
  EXPECT_TRUE(isFormat("codeclimate"));
  EXPECT_NE(formatNames().find("codeclimate"), std::string::npos);
  std::ostringstream viaTable, direct;
  writeReport(viaTable, sample(), "codeclimate", rooted());
  writeCodeClimate(direct, sample(), rooted());
  EXPECT_EQ(viaTable.str(), direct.str());
  EXPECT_EQ(toCodeClimate(Report{}, rooted()), json::array());
}
