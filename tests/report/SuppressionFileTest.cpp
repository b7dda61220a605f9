#include "reports/suppress/SuppressionFile.h"
#include <filesystem>
#include <gtest/gtest.h>

using namespace warpcheck;

namespace {

Finding runFinding(const std::string &rule, const std::string &kernel, const std::string &file, unsigned line,
                   const std::string &mangledFunction = "") {
  Finding f;
  f.rule = rule;
  f.message = "m";
  f.where = {file, line, 1, line, 1};
  RunEvidence e;
  e.kernel = kernel;
  AccessEvidence a;
  a.function = mangledFunction;
  e.accesses.push_back(a);
  f.evidence = e;
  return f;
}

std::vector<Suppression> parse(const std::string &text) {
  std::vector<Suppression> out;
  std::string error;
  EXPECT_TRUE(parseSuppressions(text, "supp.txt", out, error)) << error;
  return out;
}

std::string parseError(const std::string &text) {
  std::vector<Suppression> out;
  std::string error;
  EXPECT_FALSE(parseSuppressions(text, "supp.txt", out, error));
  return error;
}

} // namespace

TEST(SuppressionFile, MatchersMustAllMatch) {
  const std::string root = "/repo";
  auto s = parse("# known races\n"
                 "\n"
                 "race-shared kernel:transpose* file:src/**/t.cu   # trailing comment\n"
                 "barrier-divergent function:\"helper<int>(int)\"\n"
                 "* file:third_party/**\n"
                 "warp-mask-* file:src/w.cu:12\n");
  ASSERT_EQ(s.size(), 4u);
  EXPECT_EQ(s[0].origin, "supp.txt:3");
  Finding t = runFinding("race-shared", "transpose<float>(float*, int)", "/repo/src/a/t.cu", 7);
  EXPECT_TRUE(suppressionMatches(s[0], t, root));
  EXPECT_FALSE(suppressionMatches(s[0], runFinding("race-shared", "reduce(float*)", "/repo/src/a/t.cu", 7), root));
  EXPECT_FALSE(suppressionMatches(s[0], runFinding("race-shared", "transpose(float*)", "/repo/src/u.cu", 7), root));
  // Functions match demangled (cxxabi), with or without their parameters.
  EXPECT_TRUE(suppressionMatches(s[1], runFinding("barrier-divergent", "k", "/repo/a.cu", 1, "_Z6helperIiEvi"), root));
  EXPECT_FALSE(suppressionMatches(s[1], runFinding("barrier-divergent", "k", "/repo/a.cu", 1, "_Z6helperIfEvf"), root));
  EXPECT_TRUE(suppressionMatches(s[2], runFinding("race-shared", "k", "/repo/third_party/cub/x.cuh", 3), root));
  EXPECT_TRUE(suppressionMatches(s[3], runFinding("warp-mask-missing-lane", "k", "/repo/src/w.cu", 12), root));
  EXPECT_FALSE(suppressionMatches(s[3], runFinding("warp-mask-missing-lane", "k", "/repo/src/w.cu", 13), root));
  // A kernel matcher never matches a lint finding (no kernel).
  Finding lint = t;
  lint.evidence.reset();
  EXPECT_FALSE(suppressionMatches(s[0], lint, root));
}

TEST(SuppressionFile, ErrorsNameFileAndLine) {
  EXPECT_EQ(parseError("race-shraed kernel:k\n"), "supp.txt:1: unknown rule 'race-shraed'; did you mean 'race-shared'?");
  EXPECT_EQ(parseError("\nrace-shared kernal:k\n"), "supp.txt:2: unknown matcher 'kernal' (expected kernel, function or file)");
  EXPECT_EQ(parseError("race-shared kernel:\n"),
            "supp.txt:1: expected kernel:GLOB, function:GLOB or file:GLOB[:LINE], got 'kernel:'");
  EXPECT_EQ(parseError("race-shared kernel:\"k\n"), "supp.txt:1: unterminated quote");
  EXPECT_EQ(parseError("race-shared kernel:a kernel:b\n"), "supp.txt:1: 'kernel:' given twice");
  EXPECT_EQ(parseError("race-shared file:a.cu:0\n"), "supp.txt:1: bad line number in 'file:a.cu:0'");
  std::vector<Suppression> out;
  std::string error;
  EXPECT_FALSE(readSuppressionFile("/nonexistent/supp.txt", out, error));
  EXPECT_EQ(error, "/nonexistent/supp.txt: cannot read the suppression file: cannot read it: No such file or directory");
}

TEST(SuppressionFile, SavedFileSuppressesWhatItWasSavedFrom) {
  const std::string root = "/repo";
  std::vector<Finding> fs{runFinding("race-shared", "op[]<float> (with space)(float*)", "/repo/src/a b.cu", 9),
                          runFinding("race-shared", "k*", "/repo/src/c.cu", 3)};
  std::string text = formatSuppressions(fs, root);
  std::vector<Suppression> s;
  std::string error;
  ASSERT_TRUE(parseSuppressions(text, "saved", s, error)) << error << "\n" << text;
  ASSERT_EQ(s.size(), 2u) << text;
  EXPECT_TRUE(suppressionMatches(s[0], fs[0], root)) << text;
  EXPECT_FALSE(suppressionMatches(s[0], fs[1], root)) << text;
  EXPECT_TRUE(suppressionMatches(s[1], fs[1], root)) << text;
  // `k*` was escaped: it names that kernel, not every kernel starting with k.
  EXPECT_FALSE(suppressionMatches(s[1], runFinding("race-shared", "kernel2", "/repo/src/c.cu", 3), root)) << text;
}
