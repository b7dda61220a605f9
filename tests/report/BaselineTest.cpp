#include "reports/suppress/Fingerprint.h"
#include "reports/suppress/Baseline.h"
#include <gtest/gtest.h>

using namespace warpcheck;

namespace {

Finding finding(const std::string &rule, const std::string &fp, unsigned line) {
  Finding f;
  f.rule = rule;
  f.message = "m";
  f.where = {"/repo/src/k.cu", line, 1, line, 1};
  f.fingerprint = fp;
  return f;
}

std::string parseError(const std::string &text) {
  Baseline b;
  std::string error;
  EXPECT_FALSE(parseBaseline(text, "base.json", b, error));
  return error;
}

} // namespace

TEST(Baseline, RoundTripRemovesKnownFindingsOnly) {
  std::vector<Finding> old{finding("race-shared", "00000000000000aa:1", 10),
                           finding("race-shared", "00000000000000aa:2", 20),
                           finding("barrier-divergent", "00000000000000bb:1", 30)};
  std::string text = formatBaseline(old, "/repo");
  EXPECT_NE(text.find("\"file\": \"src/k.cu\""), std::string::npos) << text;
  Baseline b;
  std::string error;
  ASSERT_TRUE(parseBaseline(text, "base.json", b, error)) << error;
  ASSERT_EQ(b.entries.size(), 3u);
  // Lines moved; one old finding fixed; one new.
  std::vector<Finding> now{finding("race-shared", "00000000000000aa:1", 15),
                           finding("barrier-divergent", "00000000000000bb:1", 35),
                           finding("barrier-divergent", "00000000000000cc:1", 40)};
  EXPECT_EQ(applyBaseline(now, b), 2u);
  ASSERT_EQ(now.size(), 1u);
  EXPECT_EQ(now[0].fingerprint, "00000000000000cc:1");
  EXPECT_EQ(formatBaseline(old, "/repo"), text); // deterministic
}

TEST(Baseline, EachEntryAbsorbsOneFinding) {
  Baseline b;
  b.entries.push_back({"00000000000000aa:1"});
  std::vector<Finding> now{finding("r", "00000000000000aa:1", 1), finding("r", "00000000000000aa:1", 2)};
  EXPECT_EQ(applyBaseline(now, b), 1u);
  EXPECT_EQ(now.size(), 1u);
}

TEST(Baseline, MalformedFilesAreErrorsNamingTheProblem) {
  EXPECT_EQ(parseError("{\"warpcheck_baseline\": 1, \"findings\": ["),
            "base.json: not a JSON document (truncated or corrupt?)");
  EXPECT_EQ(parseError("[]"), "base.json: not a warpcheck baseline (no \"warpcheck_baseline\" key)");
  EXPECT_EQ(parseError("{\"warpcheck_baseline\": 2, \"findings\": []}"),
            "base.json: baseline version 2 is not one this warpcheck understands (1)");
  EXPECT_EQ(parseError("{\"warpcheck_baseline\": 1}"), "base.json: \"findings\" must be an array");
  EXPECT_EQ(parseError("{\"warpcheck_baseline\": 1, \"findings\": [{\"rule\": \"x\"}]}"),
            "base.json: findings[0].fingerprint: expected a non-empty string");
  EXPECT_EQ(parseError("{\"warpcheck_baseline\": 1, \"findings\": [{\"fingerprint\": \"a\", \"line\": -3}]}"),
            "base.json: findings[0].line: expected a non-negative integer");
  EXPECT_EQ(parseError("{\"warpcheck_baseline\": 1, \"findings\": [{\"fingerprint\": \"a\", \"file\": 3}]}"),
            "base.json: findings[0].file: expected a string");
  Baseline b;
  std::string error;
  EXPECT_FALSE(readBaseline("/nonexistent/base.json", b, error));
  EXPECT_EQ(error, "/nonexistent/base.json: cannot read the baseline: cannot read it: No such file or directory");
}
