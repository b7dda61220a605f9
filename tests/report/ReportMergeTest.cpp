// mergeFindings: one finding per problem however many passes saw it, in a
// fixed order.
#include "ReportTestUtil.h"
#include "reports/model/Finding.h"

using namespace warpcheck;
using namespace warpcheck::test;

TEST(ReportMerge, DuplicatesAcrossPassesUnionPasses) {
  std::vector<Finding> fs = {
      finding("r", Severity::Warning, at("a.cu", 3, 5), "m", {"host"}),
      finding("r", Severity::Warning, at("a.cu", 3, 5), "m", {"sm_80"}),
      finding("r", Severity::Warning, at("a.cu", 3, 5), "m", {"sm_90", "host"}),
  };
  mergeFindings(fs);
  ASSERT_EQ(fs.size(), 1u);
  EXPECT_EQ(fs[0].passes, (std::vector<std::string>{"host", "sm_80", "sm_90"}));
}

TEST(ReportMerge, DifferentMessageRuleOrPlaceStaySeparate) {
  std::vector<Finding> fs = {
      finding("r", Severity::Warning, at("a.cu", 3, 5), "m"),
      finding("r", Severity::Warning, at("a.cu", 3, 5), "other message"),
      finding("q", Severity::Warning, at("a.cu", 3, 5), "m"),
      finding("r", Severity::Warning, at("a.cu", 3, 6), "m"),
      finding("r", Severity::Warning, at("b.cu", 3, 5), "m"),
  };
  mergeFindings(fs);
  EXPECT_EQ(fs.size(), 5u);
}

TEST(ReportMerge, SortedByFileLineColumnRuleMessage) {
  std::vector<Finding> fs = {
      finding("z", Severity::Warning, at("b.cu", 1, 1), "m"),
      finding("r", Severity::Warning, at("a.cu", 10, 1), "m"),
      finding("r", Severity::Warning, at("a.cu", 2, 7), "m"),
      finding("r", Severity::Warning, at("a.cu", 2, 3), "m2"),
      finding("r", Severity::Warning, at("a.cu", 2, 3), "m1"),
      finding("q", Severity::Warning, at("a.cu", 2, 3), "m9"),
  };
  mergeFindings(fs);
  std::vector<std::string> order;
  for (const Finding &f : fs)
    order.push_back(f.where.file + ":" + std::to_string(f.where.line) + ":" +
                    std::to_string(f.where.column) + ":" + f.rule + ":" + f.message);
  EXPECT_EQ(order, (std::vector<std::string>{"a.cu:2:3:q:m9", "a.cu:2:3:r:m1", "a.cu:2:3:r:m2",
                                             "a.cu:2:7:r:m", "a.cu:10:1:r:m", "b.cu:1:1:z:m"}));
}

TEST(ReportMerge, NotesAndFixItsAreUnionedWithoutDuplicates) {
  Finding host = finding("r", Severity::Warning, at("a.cu", 3, 5), "m", {"host"});
  host.notes.push_back({at("a.cu", 1, 1), "n1"});
  host.fixits.push_back({at("a.cu", 3, 5, 3, 9), "x"});
  Finding dev = finding("r", Severity::Warning, at("a.cu", 3, 5), "m", {"sm_90"});
  dev.notes.push_back({at("a.cu", 1, 1), "n1"});
  dev.notes.push_back({at("a.cu", 2, 1), "n2"});
  dev.fixits.push_back({at("a.cu", 3, 5, 3, 9), "x"});
  std::vector<Finding> fs = {host, dev};
  mergeFindings(fs);
  ASSERT_EQ(fs.size(), 1u);
  ASSERT_EQ(fs[0].notes.size(), 2u);
  EXPECT_EQ(fs[0].notes[0].message, "n1");
  EXPECT_EQ(fs[0].notes[1].message, "n2");
  EXPECT_EQ(fs[0].fixits.size(), 1u);
}

TEST(ReportMerge, KeepsTheHigherSeverity) {
  std::vector<Finding> fs = {finding("r", Severity::Warning, at("a.cu", 3, 5), "m", {"host"}),
                             finding("r", Severity::Error, at("a.cu", 3, 5), "m", {"sm_90"})};
  mergeFindings(fs);
  ASSERT_EQ(fs.size(), 1u);
  EXPECT_EQ(fs[0].severity, Severity::Error);
}

// The result must not depend on the order passes finished in.
TEST(ReportMerge, ResultIndependentOfInputOrderExceptPassOrder) {
  std::vector<Finding> a = {finding("r", Severity::Warning, at("b.cu", 1, 1), "m"),
                            finding("r", Severity::Warning, at("a.cu", 1, 1), "m"),
                            finding("s", Severity::Warning, at("a.cu", 1, 1), "m")};
  std::vector<Finding> b = {a[2], a[0], a[1]};
  mergeFindings(a);
  mergeFindings(b);
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) EXPECT_TRUE(sameFinding(a[i], b[i])) << i;
}

TEST(ReportMerge, EmptyIsFine) {
  std::vector<Finding> fs;
  mergeFindings(fs);
  EXPECT_TRUE(fs.empty());
}
