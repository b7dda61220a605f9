// The format table (reports/formats/Formats.h): one writer signature for every
// format, one name -> writer table that --format, its help and every
// command write through.
#include "ReportTestUtil.h"
#include "reports/formats/Formats.h"
#include <gtest/gtest.h>

using namespace warpcheck;
using namespace warpcheck::test;

namespace {

Report sample() {
  Report r;
  r.findings.push_back(finding("race-shared", Severity::Warning, at("b.cu", 9, 1), "race"));
  r.findings.push_back(finding("race-shared", Severity::Error, at("a.cu", 4, 2), "race"));
  r.findings.push_back(finding("race-shared", Severity::Warning, at("a.cu", 4, 2), "race"));
  return r;
}

} // namespace

TEST(FormatTable, EveryWriterHasOneSignatureAndAName) {
  std::string names;
  for (const OutputFormat &f : outputFormats()) {
    names += (names.empty() ? "" : ", ") + std::string(f.name);
    EXPECT_EQ(findFormat(f.name), &f);
    FormatWriter w = f.write;
    std::ostringstream direct, byName;
    w(direct, sample(), FormatOptions{});
    writeReport(byName, sample(), f.name, FormatOptions{});
    EXPECT_EQ(direct.str(), byName.str()) << f.name;
  }
  EXPECT_EQ(names, formatNames());
  EXPECT_EQ(std::string(outputFormats().front().name), "text");
  EXPECT_EQ(findFormat("xml"), nullptr);
  EXPECT_FALSE(isFormat("xml"));
}

TEST(FormatTable, TextOfARunReportHasItsLimitAndMessages) {
  Report r = sample();
  RunSummary run;
  run.launches = run.launchesChecked = 1;
  run.kernels = {"k"};
  run.warnings = {"a run warning"};
  r.run = run;
  FormatOptions limited;
  limited.printLimit = 1;
  limited.showSource = false;
  std::ostringstream os;
  writeReport(os, r, "text", limited);
  auto ls = lines(os.str());
  ASSERT_EQ(ls.size(), 4u) << os.str();
  EXPECT_EQ(ls[0], "b.cu:9:1: warning: race [race-shared]");
  EXPECT_EQ(ls[1], "warpcheck: 2 more findings not shown (--print-limit 1)");
  EXPECT_EQ(ls[2], "warpcheck: warning: a run warning");
  EXPECT_EQ(ls[3].rfind("warpcheck: checked 1 of 1 launch (1 kernel): 3 findings", 0), 0u) << ls[3];
}
