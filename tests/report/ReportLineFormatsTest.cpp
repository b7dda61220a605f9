// The one-line formats: gcc (with the problem matchers that read it) and
// GitHub workflow commands.
#include "ReportTestUtil.h"
#include "reports/formats/GccFormat.h"
#include "reports/formats/GithubFormat.h"
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

using namespace warpcheck;
using namespace warpcheck::test;

namespace {

Report sample() {
  Report r;
  FileStatus bad;
  bad.path = "src/bad.cu";
  bad.status = FileStatusKind::ParseError;
  bad.diagnostics.push_back({at("src/bad.cu", 3, 7), "error", "expected ';'", "host"});
  r.files.push_back(bad);
  FileStatus twice; // the same error in two passes: shown once
  twice.path = "src/twice.cu";
  twice.status = FileStatusKind::ParseError;
  twice.diagnostics.push_back({at("src/twice.cu", 5, 1), "error", "unknown type 'half2'", "host"});
  twice.diagnostics.push_back({at("src/twice.cu", 5, 1), "error", "unknown type 'half2'", "sm_90"});
  r.files.push_back(twice);
  Finding w = finding("warp-mask-inactive-lane", Severity::Warning, at("src/a.cu", 12, 5, 12, 30),
                      "mask names lanes 16-31,\nwhich never arrive: 100% sure");
  w.notes.push_back({at("src/a.cu", 10, 3), "the branch: lane < 16"});
  r.findings.push_back(w);
  r.findings.push_back(finding("barrier-divergent", Severity::Error, at("src/a.cu", 20, 3, 24, 1),
                               "__syncthreads() in a divergent branch"));
  r.findings.push_back(finding("race-shared", Severity::Error, SourceRange{}, "race at (k+0x40)"));
  return r;
}

} // namespace

TEST(GccFormat, OneLinePerFindingThatTheMatchersRead) {
  std::ostringstream os;
  writeGcc(os, sample(), {});
  auto ls = lines(os.str());
  ASSERT_EQ(ls.size(), 6u) << os.str();
  EXPECT_EQ(ls[0], "src/bad.cu:3:7: error: expected ';' (host pass)");
  EXPECT_EQ(ls[1], "src/twice.cu:5:1: error: unknown type 'half2' (host, sm_90 passes)");
  ls.erase(ls.begin());
  EXPECT_EQ(ls[1], "src/a.cu:12:5: warning: mask names lanes 16-31, which never arrive: 100% sure "
                   "[warp-mask-inactive-lane]");
  // The finding's notes follow it, as compilers print them.
  EXPECT_EQ(ls[2], "src/a.cu:10:3: note: the branch: lane < 16");
  EXPECT_EQ(ls[4], "warpcheck: error: race at (k+0x40) [race-shared]");
  // VS Code's $gcc (cpptools) matches every located error and warning...
  const std::regex gcc(R"(^(.*):(\d+):(\d+):\s+(?:fatal\s+)?(warning|error|note):\s+(.*)$)");
  for (size_t i = 0; i < 4; ++i) EXPECT_TRUE(std::regex_match(ls[i], gcc)) << ls[i];
  // ...and the matcher we ship (integrations/vscode) also takes the rule id.
  std::ifstream f(std::string(WARPCHECK_SOURCE_DIR) + "/integrations/vscode/problem-matcher.json");
  ASSERT_TRUE(f) << "integrations/vscode/problem-matcher.json";
  auto matcher = nlohmann::json::parse(f);
  std::regex ours(matcher["pattern"]["regexp"].get<std::string>());
  std::smatch m;
  ASSERT_TRUE(std::regex_match(ls[1], m, ours));
  EXPECT_EQ(m[1].str(), "src/a.cu");
  EXPECT_EQ(m[4].str(), "warning");
  EXPECT_EQ(m[6].str(), "warp-mask-inactive-lane");
  EXPECT_EQ(m[5].str().back(), 'e');
}

TEST(GithubFormat, EscapesAndOrdersErrorsFirst) {
  std::ostringstream os;
  writeGithub(os, sample(), {});
  auto ls = lines(os.str());
  ASSERT_EQ(ls.size(), 5u); // no summary under the cap
  EXPECT_EQ(ls[0], "::error file=src/bad.cu,line=3,endLine=3,title=warpcheck parse error::expected ';' (host pass)");
  EXPECT_EQ(ls[1], "::error file=src/twice.cu,line=5,endLine=5,title=warpcheck parse error::unknown type 'half2' "
                   "(host, sm_90 passes)");
  ls.erase(ls.begin(), ls.begin() + 2);
  EXPECT_EQ(ls[0], "::error file=src/a.cu,line=20,endLine=24,title=warpcheck barrier-divergent::"
                   "__syncthreads() in a divergent branch [barrier-divergent]");
  EXPECT_EQ(ls[1], "::error title=warpcheck race-shared::race at (k+0x40) [race-shared]");
  EXPECT_EQ(ls[2], "::warning file=src/a.cu,line=12,endLine=12,col=5,endColumn=30,"
                   "title=warpcheck warp-mask-inactive-lane::mask names lanes 16-31,%0Awhich never arrive: "
                   "100%25 sure [warp-mask-inactive-lane]%0Anote: src/a.cu:10: the branch: lane < 16");
  EXPECT_EQ(githubEscapeProperty("a:b,c%\n"), "a%3Ab%2Cc%25%0A");
}

// GitHub places annotations by repository-relative path (--source-root,
// default the git checkout); a file outside the root keeps its absolute path.
TEST(GithubFormat, PathsRelativeToTheSourceRoot) {
  Report r;
  Finding f = finding("barrier-divergent", Severity::Error, at("/repo/src/k.cu", 7, 3), "divergent");
  f.notes.push_back({at("/repo/src/k.cu", 5, 1), "the branch"});
  r.findings.push_back(f);
  r.findings.push_back(finding("warp-shfl-width", Severity::Warning, at("/elsewhere/h.cuh", 2, 1), "width"));
  std::ostringstream os;
  writeGithub(os, r, rootedAt("/repo"));
  auto ls = lines(os.str());
  ASSERT_EQ(ls.size(), 2u);
  EXPECT_EQ(ls[0].rfind("::error file=src/k.cu,line=7,", 0), 0u) << ls[0];
  EXPECT_NE(ls[0].find("%0Anote: src/k.cu:5: the branch"), std::string::npos) << ls[0];
  EXPECT_EQ(ls[1].rfind("::warning file=/elsewhere/h.cuh,line=2,", 0), 0u) << ls[1];
  std::ostringstream kept;
  writeGithub(kept, r, {});
  EXPECT_EQ(lines(kept.str())[0].rfind("::error file=/repo/src/k.cu,", 0), 0u);
}

TEST(GithubFormat, SaysHowManyWhenTheAnnotationCapDropsSome) {
  Report r;
  for (int i = 0; i < 12; ++i)
    r.findings.push_back(finding("warp-shfl-width", Severity::Error, at("a.cu", 1 + i, 1), "bad width"));
  std::ostringstream os;
  writeGithub(os, r, {});
  auto ls = lines(os.str());
  ASSERT_EQ(ls.size(), 13u);
  EXPECT_EQ(ls.back().rfind("::notice title=warpcheck summary::12 findings in all (12 errors", 0), 0u) << ls.back();
}
