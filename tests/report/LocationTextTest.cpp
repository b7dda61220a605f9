// locationText: the one builder of "file:line:col" that every format that
// names a place uses (text, gcc, github notes, codeclimate, html).
#include "ReportTestUtil.h"
#include "reports/formats/CodeClimateFormat.h"
#include "reports/formats/GccFormat.h"
#include "reports/formats/GithubFormat.h"
#include "reports/formats/html/HtmlFormat.h"
#include <gtest/gtest.h>

using namespace warpcheck;
using namespace warpcheck::test;

TEST(LocationText, ColumnModes) {
  SourceRange r = at("k.cu", 7, 3);
  EXPECT_EQ(locationText("k.cu", r, ColumnShown::OrFirst), "k.cu:7:3");
  EXPECT_EQ(locationText("src/k.cu", r, ColumnShown::IfKnown), "src/k.cu:7:3");
  EXPECT_EQ(locationText("k.cu", r, ColumnShown::None), "k.cu:7");
  r.column = 0;
  EXPECT_EQ(locationText("k.cu", r, ColumnShown::OrFirst), "k.cu:7:1");
  EXPECT_EQ(locationText("k.cu", r, ColumnShown::IfKnown), "k.cu:7");
}

TEST(LocationText, WholeFileAndNoPlace) {
  SourceRange whole;
  whole.file = "/abs/k.cu";
  EXPECT_EQ(locationText("k.cu", whole, ColumnShown::OrFirst), "k.cu");
  EXPECT_EQ(locationPrefix(whole), "/abs/k.cu: ");
  EXPECT_EQ(locationText("", SourceRange{}, ColumnShown::IfKnown), "");
  EXPECT_EQ(locationPrefix(SourceRange{}), "");
  EXPECT_EQ(locationPrefix(at("k.cu", 2, 0)), "k.cu:2:1: ");
}

// The formats print places through it, each with its column choice.
TEST(LocationText, FormatsUseIt) {
  Report r;
  Finding f = finding("barrier-divergent", Severity::Error, at("/repo/k.cu", 7, 3), "divergent");
  f.notes.push_back({at("/repo/k.cu", 5, 0), "the branch"});
  r.findings.push_back(f);
  std::ostringstream gcc, github, html;
  writeGcc(gcc, r, {});
  EXPECT_NE(gcc.str().find("/repo/k.cu:5:1: note: the branch"), std::string::npos) << gcc.str();
  writeGithub(github, r, rootedAt("/repo"));
  EXPECT_NE(github.str().find("%0Anote: k.cu:5: the branch"), std::string::npos) << github.str();
  nlohmann::json issues = toCodeClimate(r, rootedAt("/repo"));
  EXPECT_NE(issues[0]["content"]["body"].get<std::string>().find("- note: `k.cu:5`: the branch"), std::string::npos)
      << issues.dump();
  writeHtml(html, r, rootedAt("/repo"));
  EXPECT_NE(html.str().find("k.cu:7:3"), std::string::npos);
}
