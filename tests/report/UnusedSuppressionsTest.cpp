// unused-suppression (reports/suppress/UnusedSuppressions.h): NOLINT rule
// ids that silenced nothing and baseline entries that matched nothing, for
// the rules that ran in the files analysed completely.
#include "ReportTestUtil.h"
#include "reports/model/SourceCache.h"
#include "reports/suppress/UnusedSuppressions.h"
#include <fstream>

using namespace warpcheck;
using namespace warpcheck::test;

namespace {

std::string source(const std::string &name, const std::string &text) {
  std::string path = ::testing::TempDir() + "/" + name;
  std::ofstream(path) << text;
  return path;
}

TEST(UnusedSuppressions, NolintRuleIdsThatSilencedNothing) {
  std::string path = source("unused-nolint.cu", "a; // NOLINT(barrier-divergent, warp-shfl-width)\n"
                                                "// NOLINTNEXTLINE(warp-*)\n"
                                                "b; // NOLINT\n"
                                                "c; // NOLINT(bugprone-branch-clone, race-shared)\n"
                                                "// NOLINTBEGIN(fence-missing)\n"
                                                "d;\n"
                                                "// NOLINTEND(fence-missing)\n");
  std::vector<Finding> fs{finding("barrier-divergent", Severity::Error, at(path, 1, 1), "found")};
  SourceCache sources;
  NolintResults nolint;
  EXPECT_EQ(applyNolint(fs, sources, {path}, &nolint), 1u);
  // Globs, a bare NOLINT and ids of other tools are listed too; the rule
  // decides which to report.
  std::vector<std::string> named;
  for (const UnusedNolint &u : nolint.unused) named.push_back(std::to_string(u.line) + ":" + u.rule);
  EXPECT_EQ(named, (std::vector<std::string>{"1:warp-shfl-width", "4:bugprone-branch-clone", "4:race-shared",
                                             "5:fence-missing"}));

  UnusedScope scope{[](const std::string &, const std::string &rule) { return rule != "fence-missing"; }, {path}, "", ""};
  std::vector<Finding> out = unusedSuppressions(nolint.unused, {}, scope);
  // Not another tool's check, not a rule only `run` reports, not a rule that did not run.
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].rule, "unused-suppression");
  EXPECT_EQ(out[0].severity, Severity::Note);
  EXPECT_EQ(out[0].where.line, 1u);
  EXPECT_EQ(out[0].where.column, 7u); // the NOLINT
  EXPECT_NE(out[0].message.find("'warp-shfl-width'"), std::string::npos) << out[0].message;

  scope.files.clear(); // a file not analysed completely: nothing to say
  EXPECT_TRUE(unusedSuppressions(nolint.unused, {}, scope).empty());
}

TEST(UnusedSuppressions, BaselineEntriesThatMatchedNothing) {
  std::string root = ::testing::TempDir();
  while (root.size() > 1 && root.back() == '/') root.pop_back();
  std::string path = source("unused-baseline.cu", "x\n");
  std::vector<Finding> fs{finding("barrier-divergent", Severity::Error, at(path, 1, 1), "still here")};
  fs[0].fingerprint = "aaaa:1";
  Baseline baseline;
  baseline.entries = {{"aaaa:1", "barrier-divergent", "unused-baseline.cu", "", 1},
                      {"bbbb:1", "barrier-divergent", "unused-baseline.cu", "", 7},
                      {"cccc:1", "barrier-divergent", "elsewhere.cu", "", 3},
                      {"dddd:1", "race-shared", "unused-baseline.cu", "", 9}};
  std::vector<BaselineEntry> unmatched;
  EXPECT_EQ(applyBaseline(fs, baseline, nullptr, &unmatched), 1u);
  ASSERT_EQ(unmatched.size(), 3u);
  EXPECT_EQ(unmatched[0].fingerprint, "bbbb:1");

  UnusedScope scope{[](const std::string &, const std::string &) { return true; }, {path}, root, "base.json"};
  std::vector<Finding> out = unusedSuppressions({}, unmatched, scope);
  // elsewhere.cu was not analysed; race-shared is run's.
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].where.file, path);
  EXPECT_EQ(out[0].where.line, 7u);
  EXPECT_NE(out[0].message.find("baseline entry 'bbbb:1' of 'base.json'"), std::string::npos) << out[0].message;
}

TEST(UnusedSuppressions, EntriesOfOneFingerprintBeyondItsFindings) {
  std::vector<Finding> fs{finding("r", Severity::Error, at("a.cu", 1, 1), "m")};
  fs[0].fingerprint = "f:1";
  Baseline baseline;
  baseline.entries = {{"f:1", "r", "a.cu", "", 1}, {"f:1", "r", "a.cu", "", 2}};
  std::vector<BaselineEntry> unmatched;
  applyBaseline(fs, baseline, nullptr, &unmatched);
  ASSERT_EQ(unmatched.size(), 1u);
  EXPECT_EQ(unmatched[0].line, 2u);
}

// The fix-it: plain shapes only.
TEST(UnusedSuppressions, FixItDropsTheIdOrTheTrailingComment) {
  UnusedScope scope{[](const std::string &, const std::string &) { return true; }, {"a.cu"}, "", ""};
  auto fixOf = [&](const std::string &text, unsigned column, const std::string &rule, bool region = false) {
    std::vector<Finding> out = unusedSuppressions({{"a.cu", 1, column, rule, region, text}}, {}, scope);
    EXPECT_EQ(out.size(), 1u);
    if (out.empty() || out[0].fixits.empty()) return std::string("(none)");
    const FixIt &x = out[0].fixits[0];
    EXPECT_TRUE(x.replacement.empty());
    return text.substr(0, x.where.column - 1) + text.substr(x.where.endColumn);
  };
  EXPECT_EQ(fixOf("x; // NOLINT(barrier-divergent, warp-shfl-width)", 7, "barrier-divergent"),
            "x; // NOLINT(warp-shfl-width)");
  EXPECT_EQ(fixOf("x; // NOLINT(barrier-divergent,warp-shfl-width)", 7, "warp-shfl-width"),
            "x; // NOLINT(barrier-divergent)");
  EXPECT_EQ(fixOf("x;   // NOLINT(barrier-divergent): why", 9, "barrier-divergent"), "x;");
  EXPECT_EQ(fixOf("  // NOLINTNEXTLINE(barrier-divergent)", 6, "barrier-divergent"), "(none)");
  EXPECT_EQ(fixOf("x; /* NOLINT(barrier-divergent) */", 7, "barrier-divergent"), "(none)");
  EXPECT_EQ(fixOf("// NOLINTBEGIN(barrier-divergent, fence-missing)", 4, "fence-missing", true), "(none)");
  EXPECT_EQ(fixOf("x; // NOLINT(barrier-divergent) NOLINT(fence-missing)", 7, "barrier-divergent"), "(none)");
}

} // namespace
