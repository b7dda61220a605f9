// Control characters from inputs (source lines, messages, file names) never
// reach the terminal raw in the human-readable formats, and a newline in a
// file name keeps gcc and github at one line per finding (issue 24, item 6).
#include "ReportTestUtil.h"
#include "reports/formats/GccFormat.h"
#include "reports/formats/GithubFormat.h"
#include "support/Printable.h"
#include "reports/formats/TextFormat.h"
#include "reports/suppress/SuppressionFile.h"
#include <sstream>

using namespace warpcheck;
using namespace warpcheck::test;

namespace {

bool hasRawControl(const std::string &s) {
  for (size_t i = 0; i < s.size(); ++i) {
    unsigned char c = s[i];
    if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7F) return true;
    if (c == 0xC2 && i + 1 < s.size() && (unsigned char)s[i + 1] >= 0x80 && (unsigned char)s[i + 1] < 0xA0)
      return true;
  }
  return false;
}

} // namespace

TEST(ControlBytes, TextQuotesSourceLinesEscapedWithTheCaretInPlace) {
  std::string src = writeSource("k.cu", "x\n\x1b]0;t\x07 __syncthreads();\n");
  Report r;
  // Column 8: the first "_", after ESC ] 0 ; t BEL and a space (bytes 1-7).
  r.findings.push_back(finding("barrier-divergent", Severity::Error, at(src, 2, 8, 2, 22), "m \x1b[31m"));
  std::ostringstream os;
  writeText(os, r, FormatOptions{});
  std::string out = os.str();
  EXPECT_FALSE(hasRawControl(out)) << out;
  auto l = lines(out);
  ASSERT_EQ(l.size(), 3u) << out;
  EXPECT_NE(l[0].find("m \\x1b[31m [barrier-divergent]"), std::string::npos) << l[0];
  EXPECT_EQ(l[1], "    2 | \\x1b]0;t\\x07 __syncthreads();");
  // The caret still stands under the '_': the escapes are 4 columns wide.
  EXPECT_EQ(l[2].find('^'), l[1].find("__sync")) << l[1] << "\n" << l[2];
}

TEST(ControlBytes, NewlineInAFileNameKeepsGccAndGithubAtOneLine) {
  Report r;
  r.findings.push_back(finding("barrier-divergent", Severity::Error, at("two\nlines\x1b.cu", 3, 5), "bad \x1b[2J"));
  r.findings.push_back(finding("warp-shfl-width", Severity::Warning, at("k.cu", 1, 1), "msg\x9b"));
  std::ostringstream gcc, github;
  writeGcc(gcc, r, {});
  writeGithub(github, r, {});
  for (const std::string &out : {gcc.str(), github.str()}) {
    EXPECT_FALSE(hasRawControl(out)) << out;
    EXPECT_EQ(lines(out).size(), 2u) << out;
  }
  EXPECT_EQ(lines(gcc.str())[0], "two\\x0alines\\x1b.cu:3:5: error: bad \\x1b[2J [barrier-divergent]");
  EXPECT_NE(github.str().find("file=two%0Alines\\x1b.cu"), std::string::npos) << github.str();
}

TEST(ControlBytes, NothingAnalysedIsSaidInEveryLineFormat) {
  Report r;
  r.problems.push_back("nothing was analysed: the only file was skipped");
  std::ostringstream text, gcc, github;
  writeText(text, r, FormatOptions{});
  writeGcc(gcc, r, {});
  writeGithub(github, r, {});
  EXPECT_EQ(text.str(), "warpcheck: error: nothing was analysed: the only file was skipped\n");
  EXPECT_EQ(gcc.str(), "warpcheck: error: nothing was analysed: the only file was skipped\n");
  EXPECT_EQ(github.str(), "::error title=warpcheck::nothing was analysed: the only file was skipped\n");
}

TEST(ControlBytes, SuppressionFileErrorsAreEscapedAndBounded) {
  std::vector<Suppression> out;
  std::string error;
  std::string binary = "barrier-divergent \x1b[2J" + std::string(5000, '\x01') + "\n";
  EXPECT_FALSE(parseSuppressions(binary, "s.txt", out, error));
  EXPECT_FALSE(hasRawControl(error)) << error;
  EXPECT_LT(error.size(), 400u);
  EXPECT_EQ(error.rfind("s.txt:1: ", 0), 0u) << error;
}

TEST(ControlBytes, MalformedGlobsInSuppressionFiles) {
  std::vector<Suppression> out;
  std::string error;
  EXPECT_FALSE(parseSuppressions("barrier-divergent file:src/[x\n", "s.txt", out, error));
  EXPECT_EQ(error, "s.txt:1: unclosed '[' at character 5 of 'src/[x' (write '\\[' for a literal '[')");
  EXPECT_FALSE(parseSuppressions("barrier-[\n", "s.txt", out, error));
  EXPECT_NE(error.find("unclosed '['"), std::string::npos) << error;
}
