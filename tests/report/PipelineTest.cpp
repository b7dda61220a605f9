// finish() and emit() (reports/Finish.h, reports/Emit.h): the one pipeline
// and output stage that `lint`, `run` and `report` share.
#include "ReportTestUtil.h"
#include "reports/Emit.h"
#include "reports/Finish.h"
#include "reports/formats/GccFormat.h"
#include "reports/formats/JsonFormat.h"
#include "reports/formats/TextFormat.h"
#include <fstream>
#include <gtest/gtest.h>

using namespace warpcheck;
using namespace warpcheck::test;

namespace {

Report twoDuplicates() {
  Report r;
  r.command = "run";
  r.findings.push_back(finding("race-shared", Severity::Warning, at("b.cu", 9, 1), "race", {"pid 2"}));
  r.findings.push_back(finding("race-shared", Severity::Error, at("a.cu", 4, 2), "race", {"pid 1"}));
  r.findings.push_back(finding("race-shared", Severity::Warning, at("a.cu", 4, 2), "race", {"pid 2"}));
  return r;
}

std::string readAll(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

RunSummary oneLaunch() {
  RunSummary run;
  run.launches = run.launchesChecked = 1;
  run.kernels = {"k"};
  run.warnings = {"a run warning"};
  return run;
}

} // namespace

TEST(Finish, MergesConfiguresAndFingerprints) {
  Report r = twoDuplicates();
  FinishOptions opts;
  std::vector<std::string> configured;
  opts.config.all = [&](std::vector<Finding> &fs) {
    for (Finding &f : fs) configured.push_back(f.where.file);
  };
  std::string error;
  ASSERT_TRUE(finish(r, Controls{}, opts, error)) << error;
  // Merged (the processes' passes unioned, the higher severity kept) and
  // sorted before the configuration saw them.
  ASSERT_EQ(r.findings.size(), 2u);
  EXPECT_EQ(configured, std::vector<std::string>({"a.cu", "b.cu"}));
  EXPECT_EQ(r.findings[0].severity, Severity::Error);
  EXPECT_EQ(r.findings[0].passes, std::vector<std::string>({"pid 1", "pid 2"}));
  for (const Finding &f : r.findings) EXPECT_FALSE(f.fingerprint.empty());
}

TEST(Finish, AppliesSuppressionsAndWritesTheBaseline) {
  Report r = twoDuplicates();
  Controls controls;
  Suppression s;
  s.file = "**/b.cu"; // paths are matched relative to the source root (here: absolute)
  controls.suppressions.push_back(s);
  controls.writeBaselinePath = ::testing::TempDir() + "warpcheck-pipeline-baseline.json";
  std::string error;
  ASSERT_TRUE(finish(r, controls, FinishOptions{}, error)) << error;
  ASSERT_EQ(r.findings.size(), 1u);
  EXPECT_EQ(r.findings[0].where.file, "a.cu");
  EXPECT_EQ(r.suppressed.suppressionFile, 1u);
  ASSERT_EQ(r.suppressedFindings.size(), 1u);
  EXPECT_EQ(r.suppressedFindings[0].by, SuppressionKind::SuppressionFile);
  // The baseline lists what is still reported, after the suppression file.
  Baseline written;
  ASSERT_TRUE(parseBaseline(readAll(controls.writeBaselinePath), "b", written, error)) << error;
  ASSERT_EQ(written.entries.size(), 1u);
  EXPECT_EQ(written.entries[0].fingerprint, r.findings[0].fingerprint);
}

TEST(Finish, FailsWhenAFileCannotBeWritten) {
  Report r = twoDuplicates();
  Controls controls;
  controls.saveSuppressionsPath = "/nonexistent-dir/x/suppressions.txt";
  std::string error;
  EXPECT_FALSE(finish(r, controls, FinishOptions{}, error));
  EXPECT_NE(error.find("/nonexistent-dir/x/suppressions.txt"), std::string::npos) << error;
}

TEST(Emit, WritesTheReportThenTheSummary) {
  Report r = twoDuplicates();
  r.command = "lint";
  EmitOptions opts;
  opts.format = "gcc";
  bool before = false;
  opts.beforeSummary = [&](std::ostream &os) {
    before = true;
    os << "time report\n";
  };
  std::ostringstream out, messages;
  std::string error;
  ASSERT_TRUE(emit(r, opts, out, "standard output", messages, error)) << error;
  std::ostringstream gcc;
  writeGcc(gcc, r, {});
  EXPECT_EQ(out.str(), gcc.str());
  EXPECT_TRUE(before);
  EXPECT_EQ(messages.str(), "time report\n3 findings (1 error, 2 warnings) in 0 files\n");

  opts.quiet = true;
  std::ostringstream quietMessages, again;
  ASSERT_TRUE(emit(r, opts, again, "standard output", quietMessages, error));
  EXPECT_EQ(quietMessages.str(), "time report\n"); // --time-report is not silenced by -q
}

TEST(Emit, RunMessagesGoWhereTheFormatLacksThem) {
  Report r = twoDuplicates();
  r.run = oneLaunch();
  std::string error;
  for (const OutputFormat &f : outputFormats()) {
    EmitOptions opts;
    opts.format = f.name;
    std::ostringstream out, messages;
    ASSERT_TRUE(emit(r, opts, out, "standard error", messages, error)) << error;
    bool onMessages = messages.str().find("warpcheck: checked 1 of 1 launch") != std::string::npos;
    EXPECT_EQ(onMessages, !f.carriesRunMessages) << f.name;
  }
  EXPECT_TRUE(findFormat("text")->carriesRunMessages);
  EXPECT_TRUE(findFormat("json")->carriesRunMessages);
}

TEST(Emit, WritesTheOutputFileWhole) {
  std::string path = ::testing::TempDir() + "warpcheck-pipeline-report.json";
  EmitOptions opts;
  opts.format = "json";
  opts.output = path;
  opts.quiet = true;
  std::ostringstream out, messages, json;
  std::string error;
  ASSERT_TRUE(emit(twoDuplicates(), opts, out, "standard output", messages, error)) << error;
  writeJson(json, twoDuplicates(), {});
  EXPECT_EQ(readAll(path), json.str());
  EXPECT_EQ(out.str(), "");

  opts.output = "/nonexistent-dir/x/report.json";
  EXPECT_FALSE(emit(twoDuplicates(), opts, out, "standard output", messages, error));
  EXPECT_NE(error.find("/nonexistent-dir/x/report.json"), std::string::npos) << error;
}

TEST(Emit, VerdictNamesWhatMakesTheReportUnclean) {
  Report r;
  EmitVerdict clean = verdictOf(r);
  EXPECT_FALSE(clean.parseErrors || clean.incomplete || clean.problems);
  FileStatus parsed;
  parsed.path = "a.cu";
  parsed.status = FileStatusKind::ParseError;
  FileStatus cut;
  cut.path = "b.cu";
  cut.incompleteRules = {"barrier-divergent"};
  r.files = {parsed, cut};
  r.problems = {"nothing was analysed: no input file"};
  EmitVerdict v = verdictOf(r);
  EXPECT_TRUE(v.parseErrors);
  EXPECT_TRUE(v.incomplete);
  EXPECT_TRUE(v.problems);
}

// lint, run and report show a file alike: finish() names every path under
// the current directory relative to it, whoever wrote it (clang's absolute
// paths, a run's line info, a saved report), before merging.
TEST(Finish, ShowsPathsRelativeToTheCurrentDirectory) {
  Report r;
  r.command = "run";
  r.files.push_back({"/work/src/k.cu"});
  r.findings.push_back(finding("race-shared", Severity::Warning, at("/work/src/k.cu", 4, 2), "race", {"pid 1"}));
  r.findings.push_back(finding("race-shared", Severity::Warning, at("src/k.cu", 4, 2), "race", {"pid 2"}));
  r.findings.push_back(finding("race-shared", Severity::Warning, at("/elsewhere/h.cuh", 1, 1), "race", {}));
  r.findings[0].notes.push_back({at("/work/src/k.cu", 2, 1), "first access"});
  FinishOptions opts;
  opts.displayDirectory = "/work";
  std::string error;
  ASSERT_TRUE(finish(r, Controls{}, opts, error)) << error;
  EXPECT_EQ(r.files[0].path, "src/k.cu");
  // One finding of the two processes: the same place once shown alike.
  ASSERT_EQ(r.findings.size(), 2u);
  EXPECT_EQ(r.findings[0].where.file, "/elsewhere/h.cuh"); // outside: as given
  EXPECT_EQ(r.findings[1].where.file, "src/k.cu");
  EXPECT_EQ(r.findings[1].passes, std::vector<std::string>({"pid 1", "pid 2"}));
  ASSERT_EQ(r.findings[1].notes.size(), 1u);
  EXPECT_EQ(r.findings[1].notes[0].where.file, "src/k.cu");
}
