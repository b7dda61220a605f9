// NOLINT comments as clang-tidy has them, and their misuse.
#include "reports/suppress/Nolint.h"
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <unistd.h>

using namespace warpcheck;
namespace fs = std::filesystem;

namespace {

std::string writeSource(const std::string &name, const std::string &text) {
  fs::path p = fs::temp_directory_path() / ("wc-nolint-" + std::to_string(::getpid()) + "-" + name);
  std::ofstream(p) << text;
  return p.string();
}

Finding at(const std::string &file, unsigned line, const std::string &rule = "barrier-divergent") {
  Finding f;
  f.rule = rule;
  f.message = "m";
  f.where = {file, line, 1, line, 1};
  return f;
}

// A fresh source cache per call, as the CLI has one per report.
size_t nolint(std::vector<Finding> &v, const std::vector<std::string> &alsoCheck = {}) {
  SourceCache sources;
  return applyNolint(v, sources, alsoCheck);
}

std::vector<std::string> rulesAt(const std::vector<Finding> &fs, unsigned line) {
  std::vector<std::string> out;
  for (const Finding &f : fs)
    if (f.where.line == line) out.push_back(f.rule);
  return out;
}

} // namespace

TEST(Nolint, LineNextLineAndLists) {
  std::string f = writeSource("a.cu", "x; // NOLINT\n"                                  // 1
                                      "x; // NOLINT(warp-*)\n"                          // 2
                                      "// NOLINTNEXTLINE(barrier-divergent, race-shared)\n" // 3
                                      "x;\n"                                            // 4
                                      "x; // NOLINTNEXTLINE\n"                          // 5 (next line only)
                                      "x;\n"                                            // 6
                                      "x; // NOLINT()\n"                                // 7 names no rule
                                      "x; // NOLINTSOMETHING\n");                       // 8 not a directive
  std::vector<Finding> v{at(f, 1), at(f, 1, "race-shared"), at(f, 2), at(f, 2, "warp-shfl-width"),
                         at(f, 4), at(f, 4, "race-shared"), at(f, 4, "warp-shfl-width"), at(f, 5), at(f, 6),
                         at(f, 7), at(f, 8)};
  EXPECT_EQ(nolint(v), 6u);
  EXPECT_TRUE(rulesAt(v, 1).empty());
  EXPECT_EQ(rulesAt(v, 2), std::vector<std::string>{"barrier-divergent"});
  EXPECT_EQ(rulesAt(v, 4), std::vector<std::string>{"warp-shfl-width"});
  EXPECT_EQ(rulesAt(v, 5), std::vector<std::string>{"barrier-divergent"});
  EXPECT_TRUE(rulesAt(v, 6).empty());
  EXPECT_EQ(rulesAt(v, 7), std::vector<std::string>{"barrier-divergent"});
  EXPECT_EQ(rulesAt(v, 8), std::vector<std::string>{"barrier-divergent"});
  fs::remove(f);
}

TEST(Nolint, BeginEndRegionsPairByRuleList) {
  std::string f = writeSource("b.cu", "// NOLINTBEGIN(race-shared)\n" // 1
                                      "x;\n"                          // 2
                                      "// NOLINTBEGIN\n"              // 3
                                      "x;\n"                          // 4
                                      "// NOLINTEND\n"                // 5
                                      "x;\n"                          // 6
                                      "// NOLINTEND(race-shared)\n"   // 7
                                      "x;\n");                        // 8
  std::vector<Finding> v{at(f, 2, "race-shared"), at(f, 2), at(f, 4), at(f, 6, "race-shared"), at(f, 6),
                         at(f, 8, "race-shared")};
  EXPECT_EQ(nolint(v), 3u);
  EXPECT_EQ(rulesAt(v, 2), std::vector<std::string>{"barrier-divergent"});
  EXPECT_EQ(rulesAt(v, 6), std::vector<std::string>{"barrier-divergent"});
  EXPECT_EQ(rulesAt(v, 8), std::vector<std::string>{"race-shared"});
  for (const Finding &x : v) EXPECT_NE(x.rule, "suppression-invalid") << x.message;
  fs::remove(f);
}

TEST(Nolint, MisuseIsReportedAndSuppressesNothing) {
  std::string f = writeSource("c.cu", "// NOLINTBEGIN(barrier-divergent)\n"  // 1 never closed
                                      "x;\n"                                 // 2
                                      "// NOLINTEND(race-shared)\n"          // 3 never opened
                                      "x; // NOLINT(barrier-divergant)\n"    // 4 typo
                                      "x; // NOLINT(bugprone-branch-clone)\n" // 5 another tool's: fine
                                      "x; // NOLINT(barrier-divergent\n");   // 6 unclosed
  std::vector<Finding> v{at(f, 2), at(f, 4), at(f, 5), at(f, 6)};
  EXPECT_EQ(nolint(v), 0u);
  std::vector<std::string> problems;
  for (const Finding &x : v)
    if (x.rule == "suppression-invalid") problems.push_back(std::to_string(x.where.line) + ": " + x.message);
  std::sort(problems.begin(), problems.end());
  ASSERT_EQ(problems.size(), 4u) << ::testing::PrintToString(problems);
  EXPECT_NE(problems[0].find("1: NOLINTBEGIN without a matching NOLINTEND"), std::string::npos);
  EXPECT_NE(problems[1].find("3: NOLINTEND without a matching NOLINTBEGIN(race-shared)"), std::string::npos);
  EXPECT_NE(problems[2].find("4: unknown rule 'barrier-divergant'"), std::string::npos);
  EXPECT_NE(problems[2].find("did you mean 'barrier-divergent'"), std::string::npos);
  EXPECT_NE(problems[3].find("6: unclosed '('"), std::string::npos);
  fs::remove(f);
}

TEST(Nolint, ARuleIdWithItsWordsInAnotherOrderIsAMistake) {
  // NOLINT(divergent-barrier) names no rule and suppresses nothing; the
  // words are barrier-divergent's (edit distance alone misses it).
  std::string f = writeSource("w.cu", "x; // NOLINT(divergent-barrier)\n"
                                      "x; // NOLINT(misc-redundant-expression)\n"); // another tool's: fine
  std::vector<Finding> v{at(f, 1), at(f, 2)};
  EXPECT_EQ(nolint(v), 0u);
  std::vector<std::string> problems;
  for (const Finding &x : v)
    if (x.rule == "suppression-invalid") problems.push_back(std::to_string(x.where.line) + ": " + x.message);
  ASSERT_EQ(problems.size(), 1u) << ::testing::PrintToString(problems);
  EXPECT_NE(problems[0].find("1: unknown rule 'divergent-barrier'"), std::string::npos);
  EXPECT_NE(problems[0].find("did you mean 'barrier-divergent'"), std::string::npos);
  fs::remove(f);
}

TEST(Nolint, ChecksFilesWithoutFindingsWhenAsked) {
  std::string f = writeSource("d.cu", "// NOLINTEND\n");
  std::vector<Finding> v;
  nolint(v);
  EXPECT_TRUE(v.empty());
  nolint(v, {f});
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].rule, "suppression-invalid");
  fs::remove(f);
}

TEST(Nolint, RunFindingsAlsoByTheOtherAccess) {
  std::string f = writeSource("e.cu", "a[i] = 1;\n"
                                      "b = a[i + 1]; // NOLINT(race-shared)\n"
                                      "c = a[0];\n");
  Finding race = at(f, 1, "race-shared");
  race.evidence = RunEvidence{};
  race.notes.push_back({{f, 2, 5, 2, 5}, "the read by thread (1,0,0)"});
  Finding other = at(f, 1, "race-shared");
  other.message = "other";
  other.evidence = RunEvidence{};
  other.notes.push_back({{f, 3, 5, 3, 5}, "the read by thread (2,0,0)"});
  Finding lint = at(f, 1, "race-shared"); // no evidence: lint findings go by their own line only
  lint.message = "lint";
  lint.notes.push_back({{f, 2, 5, 2, 5}, "note"});
  std::vector<Finding> v{race, other, lint};
  EXPECT_EQ(nolint(v), 1u);
  ASSERT_EQ(v.size(), 2u);
  fs::remove(f);
}
