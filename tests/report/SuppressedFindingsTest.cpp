// Suppressed findings in every format: the controls keep what they remove
// (finish(), reports/Finish.cpp), JSON lists and reads them back, SARIF has them
// as results with `suppressions`, HTML counts and lists them collapsed,
// codeclimate leaves them out.
#include "ReportTestUtil.h"
#include "reports/formats/CodeClimateFormat.h"
#include "reports/formats/html/HtmlFormat.h"
#include "reports/formats/JsonFormat.h"
#include "reports/input/JsonReader.h"
#include "reports/model/SourceCache.h"
#include "reports/formats/sarif/SarifFormat.h"
#include "reports/suppress/Baseline.h"
#include "reports/suppress/Nolint.h"
#include <fstream>
#include <sstream>

using namespace warpcheck;
using namespace warpcheck::test;
using nlohmann::json;

namespace {

Report withSuppressed() {
  Report r;
  r.toolVersion = "0.1.0";
  r.command = "lint";
  r.findings.push_back(finding("barrier-divergent", Severity::Error, at("/src/a.cu", 3, 5), "shown"));
  r.findings.back().fingerprint = "1111111111111111:1";
  Finding nolint = finding("warp-legacy-intrinsic", Severity::Error, at("/src/a.cu", 7, 9), "by NOLINT");
  nolint.fingerprint = "2222222222222222:1";
  Finding base = finding("warp-shfl-width", Severity::Warning, at("/src/b.cu", 2, 1), "by the <baseline>");
  base.fingerprint = "3333333333333333:1";
  Finding file = finding("race-shared", Severity::Error, at("/src/c.cu", 4, 1), "by a suppression file");
  file.fingerprint = "4444444444444444:1";
  r.suppressedFindings = {{nolint, SuppressionKind::Nolint},
                          {base, SuppressionKind::Baseline},
                          {file, SuppressionKind::SuppressionFile}};
  r.suppressed = {1, 1, 1};
  return r;
}

std::string jsonText(const Report &r) {
  std::ostringstream os;
  writeJson(os, r, {});
  return os.str();
}

TEST(SuppressedFindings, NolintAndBaselineHandBackWhatTheyRemove) {
  std::string path = ::testing::TempDir() + "/suppressed-nolint.cu";
  std::ofstream(path) << "int a; // NOLINT(rule-a)\nint b;\n";
  std::vector<Finding> fs{finding("rule-a", Severity::Warning, at(path, 1, 1), "quiet"),
                          finding("rule-a", Severity::Warning, at(path, 2, 1), "loud")};
  SourceCache sources;
  NolintResults nolint;
  EXPECT_EQ(applyNolint(fs, sources, {}, &nolint), 1u);
  ASSERT_EQ(nolint.silenced.size(), 1u);
  EXPECT_EQ(nolint.silenced[0].message, "quiet");
  ASSERT_EQ(fs.size(), 1u);

  fs[0].fingerprint = "f:1";
  Baseline baseline;
  baseline.entries.push_back({"f:1", "", "", "", 0});
  std::vector<Finding> removed;
  EXPECT_EQ(applyBaseline(fs, baseline, &removed), 1u);
  ASSERT_EQ(removed.size(), 1u);
  EXPECT_EQ(removed[0].message, "loud");
  EXPECT_TRUE(fs.empty());
}

TEST(SuppressedFindings, JsonListsThemAndReadsThemBack) {
  Report r = withSuppressed();
  std::string text = jsonText(r);
  json j = json::parse(text);
  ASSERT_EQ(j["suppressed_findings"].size(), 3u);
  EXPECT_EQ(j["suppressed_findings"][0]["by"], "nolint");
  EXPECT_EQ(j["suppressed_findings"][1]["by"], "baseline");
  EXPECT_EQ(j["suppressed_findings"][2]["by"], "suppression-file");
  EXPECT_EQ(j["suppressed_findings"][0]["finding"]["message"], "by NOLINT");
  EXPECT_EQ(j["suppressed"]["nolint"], 1); // the counts stay

  Report back;
  std::string error;
  ASSERT_TRUE(readJsonReport(text, back, error)) << error;
  ASSERT_EQ(back.suppressedFindings.size(), 3u);
  EXPECT_EQ(back.suppressedFindings[1].by, SuppressionKind::Baseline);
  EXPECT_EQ(jsonText(back), text);
  EXPECT_EQ(jsonText(Report{}).find("suppressed_findings"), std::string::npos); // absent when none
}

TEST(SuppressedFindings, SarifResultsCarrySuppressions) {
  Report r = withSuppressed();
  json s = toSarif(r, rootedAt("/src"));
  const json &results = s["runs"][0]["results"];
  ASSERT_EQ(results.size(), 4u);
  EXPECT_FALSE(results[0].contains("suppressions"));
  EXPECT_EQ(results[1]["ruleId"], "warp-legacy-intrinsic");
  EXPECT_EQ(results[1]["suppressions"], json::parse(R"([{"kind": "inSource", "status": "accepted",
                                                          "justification": "NOLINT comment"}])"));
  EXPECT_EQ(results[2]["suppressions"][0]["kind"], "external");
  EXPECT_EQ(results[3]["suppressions"][0]["kind"], "external");
  EXPECT_EQ(results[3]["partialFingerprints"]["warpcheckFingerprint/v1"], "4444444444444444:1");
  // Their rules are in the run's rules, at the index the result names.
  const json &rules = s["runs"][0]["tool"]["driver"]["rules"];
  for (const json &res : results) EXPECT_EQ(rules[res["ruleIndex"].get<size_t>()]["id"], res["ruleId"]);

  // They come after every unsuppressed finding under the results limit.
  FormatOptions two = rootedAt("/src");
  two.maxResults = 2;
  json limited = toSarif(r, two);
  ASSERT_EQ(limited["runs"][0]["results"].size(), 2u);
  EXPECT_FALSE(limited["runs"][0]["results"][0].contains("suppressions"));
  EXPECT_TRUE(limited["runs"][0]["results"][1].contains("suppressions"));
}

TEST(SuppressedFindings, HtmlCountsThemAndListsThemCollapsed) {
  std::ostringstream os;
  writeHtml(os, withSuppressed(), rootedAt("/src"));
  std::string p = os.str();
  EXPECT_NE(p.find("<h2>Suppressed <span class=\"count\">3 findings</span></h2>"), std::string::npos) << p;
  EXPECT_NE(p.find("1 by NOLINT, 1 by suppression file, 1 by baseline"), std::string::npos);
  EXPECT_NE(p.find("<details class=\"suppressed-list\"><summary>show 3 suppressed findings</summary>"),
            std::string::npos);
  EXPECT_NE(p.find("b.cu:2:1</span> by the &lt;baseline&gt; <span class=\"by\">(baseline)</span>"), std::string::npos);

  Report countsOnly = withSuppressed();
  countsOnly.suppressedFindings.clear();
  std::ostringstream os2;
  writeHtml(os2, countsOnly, rootedAt("/src"));
  EXPECT_NE(os2.str().find("holds their counts only"), std::string::npos);

  std::ostringstream none;
  writeHtml(none, Report{}, {});
  EXPECT_EQ(none.str().find("id=\"suppressed\""), std::string::npos);
}

TEST(SuppressedFindings, CodeClimateLeavesThemOut) {
  std::ostringstream os;
  writeCodeClimate(os, withSuppressed(), {false, "/src"});
  json issues = json::parse(os.str());
  ASSERT_TRUE(issues.is_array());
  ASSERT_EQ(issues.size(), 1u);
  EXPECT_EQ(issues[0]["check_name"], "barrier-divergent");
}

} // namespace
