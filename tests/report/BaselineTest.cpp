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
  // support/JsonRead.h: where the JSON breaks, and the JSON path of a bad value.
  EXPECT_EQ(parseError("{\"warpcheck_baseline\": 1, \"findings\": ["),
            "base.json: not valid JSON: parse error at line 1, column 40: syntax error while parsing value - "
            "unexpected end of input; expected '[', '{', or a literal");
  EXPECT_EQ(parseError("[]"), "base.json: not a warpcheck baseline (no \"warpcheck_baseline\" key)");
  EXPECT_EQ(parseError("{\"warpcheck_baseline\": 2, \"findings\": []}"),
            "base.json: baseline version 2 is not one this warpcheck understands (1)");
  EXPECT_EQ(parseError("{\"warpcheck_baseline\": \"1\", \"findings\": []}"),
            "base.json: warpcheck_baseline: expected a non-negative integer, not \"1\"");
  EXPECT_EQ(parseError("{\"warpcheck_baseline\": 1}"), "base.json: missing required field \"findings\"");
  EXPECT_EQ(parseError("{\"warpcheck_baseline\": 1, \"findings\": {}}"),
            "base.json: findings: expected an array, not an object");
  EXPECT_EQ(parseError("{\"warpcheck_baseline\": 1, \"findings\": [7]}"),
            "base.json: findings[0]: expected an object, not 7");
  EXPECT_EQ(parseError("{\"warpcheck_baseline\": 1, \"findings\": [{\"rule\": \"x\"}]}"),
            "base.json: findings[0]: missing required field \"fingerprint\"");
  EXPECT_EQ(parseError("{\"warpcheck_baseline\": 1, \"findings\": [{\"fingerprint\": \"\"}]}"),
            "base.json: findings[0].fingerprint: expected a non-empty string");
  EXPECT_EQ(parseError("{\"warpcheck_baseline\": 1, \"findings\": [{\"fingerprint\": \"a\", \"line\": -3}]}"),
            "base.json: findings[0].line: expected a non-negative integer, not -3");
  EXPECT_EQ(parseError("{\"warpcheck_baseline\": 1, \"findings\": [{\"fingerprint\": \"a\"}, "
                       "{\"fingerprint\": \"b\", \"line\": 4294967296}]}"),
            "base.json: findings[1].line: 4294967296 is out of range (at most 4294967295)");
  EXPECT_EQ(parseError("{\"warpcheck_baseline\": 1, \"findings\": [{\"fingerprint\": \"a\", \"file\": 3}]}"),
            "base.json: findings[0].file: expected a string, not 3");
  EXPECT_EQ(parseError(std::string(100, '[')), "base.json: not valid JSON: nested deeper than 16 levels at line 1, column 17");
  Baseline b;
  std::string error;
  EXPECT_FALSE(readBaseline("/nonexistent/base.json", b, error));
  EXPECT_EQ(error, "/nonexistent/base.json: cannot read the baseline: cannot read it: No such file or directory");
}
