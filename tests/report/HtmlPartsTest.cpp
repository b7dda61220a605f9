// The parts of the html format: escaping, source excerpts and fix-it
// previews, and the tests' own CSP hashes (ContentHash.h). The markdown of
// rule docs is rendered at build time: check_markdown_html.py tests it.
#include "ReportTestUtil.h"
#include "reports/model/SourceCache.h"
#include "ContentHash.h"
#include "reports/formats/html/Escape.h"
#include "reports/formats/html/Excerpt.h"

using namespace warpcheck;
using namespace warpcheck::test;
using namespace warpcheck::html;

TEST(HtmlEscape, SpecialCharacters) {
  EXPECT_EQ(escape("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&#39;");
  EXPECT_EQ(escape("tab\there\nnew line"), "tab\there\nnew line");
}

TEST(HtmlEscape, KeepsValidUtf8) {
  EXPECT_EQ(escape("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9D\x84\x9E"), "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9D\x84\x9E");
}

TEST(HtmlEscape, ReplacesInvalidUtf8) {
  const std::string fffd = "\xEF\xBF\xBD";
  EXPECT_EQ(escape("a\xFF" "b"), "a" + fffd + "b");
  EXPECT_EQ(escape("\xC0\x80"), fffd + fffd);             // overlong NUL
  EXPECT_EQ(escape("\xED\xA0\x80"), fffd + fffd + fffd);  // a UTF-16 surrogate
  EXPECT_EQ(escape("\xF4\x90\x80\x80"), fffd + fffd + fffd + fffd); // above U+10FFFF
  EXPECT_EQ(escape("\xE2\x82<"), fffd + fffd + "&lt;");   // truncated, then markup
  EXPECT_EQ(escape("end\xE2"), "end" + fffd);
}

TEST(HtmlEscape, ControlCharactersAsPictures) {
  EXPECT_EQ(escape("\x1b[0m"), "\xE2\x90\x9B[0m"); // U+241B
  EXPECT_EQ(escape(std::string("a\0b", 3)), "a\xE2\x90\x80" "b");
  EXPECT_EQ(escape("\x7f"), "\xE2\x90\xA1");
  EXPECT_EQ(escape("\xC2\x9B" "1m"), "\xEF\xBF\xBD" "1m"); // C1 CSI: replaced
  EXPECT_EQ(escape("\xC2\xA0"), "\xC2\xA0");                // U+00A0 is text
}

// FIPS 180-4 examples, including the two-block padding of a 56-byte message.
TEST(HtmlContentHash, Sha256) {
  EXPECT_EQ(sha256Hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(sha256Hex(std::string(1000, 'a')), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3");
  EXPECT_EQ(cspHash("abc"), "'sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0='");
}

TEST(HtmlExcerpt, ContextAndMarkedRange) {
  std::string src = writeSource("a.cu", "one\ntwo\n  three();\nfour\nfive\nsix\n");
  SourceCache sources;
  EXPECT_EQ(excerpt(sources, at(src, 3, 3, 3, 9)),
            "<div class=\"excerpt\"><table>"
            "<tr><td class=\"ln\">1</td><td class=\"code\">one</td></tr>"
            "<tr><td class=\"ln\">2</td><td class=\"code\">two</td></tr>"
            "<tr class=\"hl\"><td class=\"ln\">3</td><td class=\"code\">  <mark>three()</mark>;</td></tr>"
            "<tr><td class=\"ln\">4</td><td class=\"code\">four</td></tr>"
            "<tr><td class=\"ln\">5</td><td class=\"code\">five</td></tr>"
            "</table></div>");
}

TEST(HtmlExcerpt, LineWithoutColumnIsMarkedPastItsIndentation) {
  std::string src = writeSource("a.cu", "\t  x = s[i];\n");
  SourceCache sources;
  EXPECT_NE(excerpt(sources, at(src, 1, 0)).find("<td class=\"code\">\t  <mark>x = s[i];</mark></td>"),
            std::string::npos);
}

TEST(HtmlExcerpt, MultiLineRangesAreCut) {
  std::string text;
  for (int i = 1; i <= 30; ++i) text += "line" + std::to_string(i) + "\n";
  std::string src = writeSource("a.cu", text);
  SourceCache sources;
  std::string e = excerpt(sources, at(src, 5, 3, 25, 2));
  EXPECT_NE(e.find("<tr class=\"hl\"><td class=\"ln\">5</td><td class=\"code\">li<mark>ne5</mark></td></tr>"),
            std::string::npos) << e;
  EXPECT_NE(e.find("<tr class=\"hl\"><td class=\"ln\">12</td><td class=\"code\"><mark>line12</mark></td></tr>"),
            std::string::npos);
  EXPECT_EQ(e.find(">13</td>"), std::string::npos);
  EXPECT_NE(e.find("<tr class=\"gap\">"), std::string::npos);
  // A short one ends at its last column, then context.
  std::string shortRange = excerpt(sources, at(src, 5, 3, 6, 2));
  EXPECT_NE(shortRange.find("<td class=\"code\"><mark>li</mark>ne6</td>"), std::string::npos) << shortRange;
  EXPECT_NE(shortRange.find(">8</td>"), std::string::npos);
  EXPECT_EQ(shortRange.find("gap"), std::string::npos);
}

TEST(HtmlExcerpt, NothingWithoutASource) {
  SourceCache sources;
  EXPECT_EQ(excerpt(sources, at("/nonexistent/a.cu", 1, 1)), "");
  EXPECT_EQ(excerpt(sources, SourceRange{}), "");
  std::string src = writeSource("a.cu", "x\n");
  EXPECT_EQ(excerpt(sources, at(src, 9, 1)), ""); // past the end of the file
}

TEST(HtmlFixPreview, SeveralEditsOnOneLine) {
  std::string src = writeSource("a.cu", "  int v = __shfl(x, 1);\n");
  SourceCache sources;
  std::string p = fixPreview(sources, {{at(src, 1, 11, 1, 17), "__shfl_sync("}, {at(src, 1, 18, 1, 17), "m, "}});
  EXPECT_NE(p.find("<td class=\"code\">  int v = <del>__shfl(</del><del></del>x, 1);</td>"), std::string::npos) << p;
  EXPECT_NE(p.find("<td class=\"code\">  int v = <ins>__shfl_sync(</ins><ins>m, </ins>x, 1);</td>"),
            std::string::npos);
  // Overlapping edits, or edits on several lines, are left to words.
  EXPECT_EQ(fixPreview(sources, {{at(src, 1, 11, 1, 16), "a"}, {at(src, 1, 12, 1, 13), "b"}}), "");
  EXPECT_EQ(fixPreview(sources, {{at(src, 1, 11, 2, 1), "a"}}), "");
  EXPECT_EQ(fixPreview(sources, {{at(src, 1, 11, 1, 16), "a\nb"}}), "");
}
