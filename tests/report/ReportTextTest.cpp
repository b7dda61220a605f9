// The text format: clang-style first lines that editors parse, source
// snippets with carets, notes, and no colour unless asked.
#include "ReportTestUtil.h"
#include "reports/formats/TextFormat.h"
#include <regex>
#include <sstream>

using namespace warpcheck;
using namespace warpcheck::test;

namespace {

std::string text(const Report &r, bool showSource = true, bool color = false) {
  std::ostringstream os;
  FormatOptions opts;
  opts.showSource = showSource;
  opts.color = color;
  writeText(os, r, opts);
  return os.str();
}

} // namespace

// VS Code's $gcc problem matcher, verbatim: every finding and parse error
// must be picked up with the right file, line, column and severity, and no
// snippet, caret or note line may be mistaken for one.
TEST(ReportText, GccProblemMatcherMatchesEveryFinding) {
  std::string src = writeSource("k.cu", "__global__ void k(int n) {\n"
                                        "  if (threadIdx.x < n)\n"
                                        "    __syncthreads();\n"
                                        "  int v = __shfl_down(1, 1);\n"
                                        "}\n");
  Report r;
  FileStatus broken;
  broken.path = "src/broken.cu";
  broken.status = FileStatusKind::ParseError;
  broken.diagnostics.push_back({at("src/broken.cu", 7, 2), "fatal error", "'x.h' file not found", "host"});
  broken.diagnostics.push_back({at("src/broken.cu", 9, 11), "error", "expected ';'", "sm_90"});
  r.files.push_back(broken);
  Finding barrier = finding("barrier-divergent", Severity::Error, at(src, 3, 5, 3, 17),
                            "__syncthreads() in divergent code");
  barrier.notes.push_back({at(src, 2, 7, 2, 21), "the condition depends on threadIdx.x"});
  r.findings.push_back(barrier);
  r.findings.push_back(finding("shfl-legacy", Severity::Warning, at(src, 4, 11), "legacy shuffle"));
  r.findings.push_back(finding("mask-in-branch", Severity::Warning, at("/abs/dir with space/b.cu", 120, 33),
                               "full mask: a message with: colons 1:2: inside"));

  const std::regex gcc(R"(^(.*):(\d+):(\d+):\s+(?:fatal\s+)?(warning|error):\s+(.*)$)");
  struct Expected { std::string file; int line, col; std::string sev; };
  std::vector<Expected> expected = {
      {"src/broken.cu", 7, 2, "error"},  {"src/broken.cu", 9, 11, "error"},
      {src, 3, 5, "error"},              {src, 4, 11, "warning"},
      {"/abs/dir with space/b.cu", 120, 33, "warning"},
  };
  std::vector<Expected> got;
  for (const std::string &l : lines(text(r))) {
    std::smatch m;
    if (std::regex_match(l, m, gcc))
      got.push_back({m[1].str(), std::stoi(m[2].str()), std::stoi(m[3].str()), m[4].str()});
  }
  ASSERT_EQ(got.size(), expected.size()) << text(r);
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(got[i].file, expected[i].file) << i;
    EXPECT_EQ(got[i].line, expected[i].line) << i;
    EXPECT_EQ(got[i].col, expected[i].col) << i;
    EXPECT_EQ(got[i].sev, expected[i].sev) << i;
  }
}

TEST(ReportText, FirstLineCarriesRuleId) {
  Report r;
  r.findings.push_back(finding("shfl-width", Severity::Error, at("a.cu", 3, 9), "width 24 is not a power of two"));
  EXPECT_EQ(lines(text(r))[0], "a.cu:3:9: error: width 24 is not a power of two [shfl-width]");
}

TEST(ReportText, CaretAndTildesUnderRange) {
  std::string src = writeSource("a.cu", "x\n  __syncthreads();\n");
  Report r;
  r.findings.push_back(finding("barrier-divergent", Severity::Error, at(src, 2, 3, 2, 17), "m"));
  auto l = lines(text(r));
  ASSERT_EQ(l.size(), 3u);
  EXPECT_EQ(l[1], "    2 |   __syncthreads();");
  EXPECT_EQ(l[2], "      |   ^~~~~~~~~~~~~~~");
}

TEST(ReportText, PointLocationHasCaretOnly) {
  std::string src = writeSource("a.cu", "int v = f(x);\n");
  Report r;
  r.findings.push_back(finding("rule", Severity::Warning, at(src, 1, 9), "m"));
  EXPECT_EQ(lines(text(r))[2], "      |         ^");
}

// Tabs are expanded to 8-column stops in both lines, so the caret sits under
// the right character whatever the terminal's tab width.
TEST(ReportText, CaretPlacementWithTabs) {
  std::string src = writeSource("a.cu", "\tif (x)\t__syncthreads();\n");
  Report r;
  // Byte columns: tab=1, "if (x)"=2..7, tab=8, '_'=9; the call ends at 23.
  r.findings.push_back(finding("barrier-divergent", Severity::Error, at(src, 1, 9, 1, 23), "m"));
  auto l = lines(text(r));
  ASSERT_EQ(l.size(), 3u);
  EXPECT_EQ(l[1], "    1 |         if (x)  __syncthreads();");
  EXPECT_EQ(l[2], "      |                 ^~~~~~~~~~~~~~~");
  EXPECT_EQ(l[1].find("__sync"), l[2].find('^'));
  EXPECT_EQ(l[1].find(';') - 1, l[2].rfind('~'));
}

TEST(ReportText, CaretOnTabCoversItsStart) {
  std::string src = writeSource("a.cu", "a\tb\n");
  Report r;
  r.findings.push_back(finding("rule", Severity::Warning, at(src, 1, 2, 1, 3), "m"));
  auto l = lines(text(r));
  EXPECT_EQ(l[1], "    1 | a       b");
  EXPECT_EQ(l[2], "      |  ^~~~~~~~");
}

TEST(ReportText, MultiLineRangeUnderlinesToEndOfFirstLine) {
  std::string src = writeSource("a.cu", "  foo(a,\n      b);\n");
  Report r;
  r.findings.push_back(finding("rule", Severity::Warning, at(src, 1, 3, 2, 8), "m"));
  EXPECT_EQ(lines(text(r))[2], "      |   ^~~~~~");
}

TEST(ReportText, RangeBeyondLineIsClamped) {
  std::string src = writeSource("a.cu", "abc\n");
  Report r;
  r.findings.push_back(finding("rule", Severity::Warning, at(src, 1, 2, 1, 40), "m"));
  EXPECT_EQ(lines(text(r))[2], "      |  ^~");
}

TEST(ReportText, NotesHaveTheirOwnSnippet) {
  std::string src = writeSource("a.cu", "if (threadIdx.x < n)\n  __syncthreads();\n");
  Report r;
  Finding f = finding("barrier-divergent", Severity::Error, at(src, 2, 3, 2, 17), "divergent barrier");
  f.notes.push_back({at(src, 1, 5, 1, 19), "condition depends on threadIdx.x"});
  r.findings.push_back(f);
  auto l = lines(text(r));
  ASSERT_EQ(l.size(), 6u) << text(r);
  EXPECT_EQ(l[0], src + ":2:3: error: divergent barrier [barrier-divergent]");
  EXPECT_EQ(l[3], src + ":1:5: note: condition depends on threadIdx.x");
  EXPECT_EQ(l[4], "    1 | if (threadIdx.x < n)");
  EXPECT_EQ(l[5], "      |     ^~~~~~~~~~~~~~~");
}

// A moved, generated or unreadable file: the message lines alone, no crash.
TEST(ReportText, MissingSourceFileHasNoSnippet) {
  Report r;
  Finding f = finding("rule", Severity::Warning, at("/nonexistent/dir/gone.cu", 5, 2, 5, 9), "m");
  f.notes.push_back({at("/nonexistent/dir/gone.cu", 3, 1), "n"});
  r.findings.push_back(f);
  r.findings.push_back(finding("rule", Severity::Warning, at("/nonexistent/other.cu", 1, 1), "m2"));
  auto l = lines(text(r));
  ASSERT_EQ(l.size(), 3u) << text(r);
  EXPECT_EQ(l[0], "/nonexistent/dir/gone.cu:5:2: warning: m [rule]");
  EXPECT_EQ(l[1], "/nonexistent/dir/gone.cu:3:1: note: n");
  EXPECT_EQ(l[2], "/nonexistent/other.cu:1:1: warning: m2 [rule]");
}

TEST(ReportText, LineBeyondEndOfFileHasNoSnippet) {
  std::string src = writeSource("a.cu", "one line\n");
  Report r;
  r.findings.push_back(finding("rule", Severity::Warning, at(src, 7, 1), "m"));
  EXPECT_EQ(lines(text(r)).size(), 1u);
}

TEST(ReportText, ShowSourceOffPrintsOnlyMessages) {
  std::string src = writeSource("a.cu", "int x;\n");
  Report r;
  r.findings.push_back(finding("rule", Severity::Warning, at(src, 1, 5), "m"));
  EXPECT_EQ(text(r, /*showSource=*/false), src + ":1:5: warning: m [rule]\n");
}

TEST(ReportText, FixItReplacementShownUnderCaret) {
  std::string src = writeSource("a.cu", "  v = __shfl_down(v, 1);\n");
  Report r;
  Finding f = finding("shfl-legacy", Severity::Warning, at(src, 1, 7, 1, 17), "m");
  f.fixits.push_back({at(src, 1, 7, 1, 17), "__shfl_down_sync(0xffffffff, "});
  r.findings.push_back(f);
  auto l = lines(text(r));
  ASSERT_EQ(l.size(), 4u);
  EXPECT_EQ(l[3], "      |       __shfl_down_sync(0xffffffff, ");
}

TEST(ReportText, NoColourUnlessAsked) {
  std::string src = writeSource("a.cu", "int x;\n");
  Report r;
  r.findings.push_back(finding("rule", Severity::Error, at(src, 1, 5), "m"));
  EXPECT_EQ(text(r).find('\033'), std::string::npos);
  std::string colored = text(r, true, true);
  EXPECT_NE(colored.find("\033[1;31merror: "), std::string::npos) << colored;
  EXPECT_NE(colored.find("\033[1;32m^"), std::string::npos) << colored;
}

TEST(ReportText, ParseErrorsRepeatedAcrossPassesPrintOnce) {
  Report r;
  FileStatus f;
  f.path = "b.cu";
  f.status = FileStatusKind::ParseError;
  f.diagnostics.push_back({at("b.cu", 2, 3), "error", "unknown type name 'foo'", "host"});
  f.diagnostics.push_back({at("b.cu", 2, 3), "error", "unknown type name 'foo'", "sm_90"});
  f.diagnostics.push_back({at("b.cu", 4, 1), "error", "expected '}'", "sm_90"});
  r.files.push_back(f);
  EXPECT_EQ(text(r), "b.cu:2:3: error: unknown type name 'foo' (host, sm_90 passes)\n"
                     "b.cu:4:1: error: expected '}' (sm_90 pass)\n");
}

TEST(ReportText, FileLevelMessageNamesTheFile) {
  Report r;
  FileStatus f;
  f.path = "c.cu";
  f.status = FileStatusKind::ParseError;
  Diagnostic d;
  d.where.file = "c.cu";
  d.severity = "error";
  d.message = "clang could not run this pass";
  d.pass = "host";
  f.diagnostics.push_back(d);
  r.files.push_back(f);
  EXPECT_EQ(text(r), "c.cu: error: clang could not run this pass (host pass)\n");
}

TEST(ReportText, OutputIsDeterministic) {
  std::string src = writeSource("a.cu", "a\n\tb\nc\n");
  Report r;
  for (unsigned i = 1; i <= 3; ++i) {
    Finding f = finding("rule", Severity::Warning, at(src, i, 1, i, 2), "m" + std::to_string(i));
    f.notes.push_back({at(src, 4 - i, 1), "note"});
    r.findings.push_back(f);
  }
  EXPECT_EQ(text(r), text(r));
}

TEST(ReportText, SummaryCountsFindingsAndFiles) {
  Report r;
  r.files.resize(3);
  r.files[1].status = FileStatusKind::ParseError;
  r.files[2].status = FileStatusKind::Skipped;
  r.findings.push_back(finding("a", Severity::Error, at("x.cu", 1, 1), "m"));
  r.findings.push_back(finding("b", Severity::Warning, at("x.cu", 2, 1), "m"));
  r.findings.push_back(finding("c", Severity::Warning, at("x.cu", 3, 1), "m"));
  std::ostringstream os;
  writeSummary(os, r);
  EXPECT_EQ(os.str(), "3 findings (1 error, 2 warnings) in 3 files; 1 failed to parse; 1 skipped\n");
}
