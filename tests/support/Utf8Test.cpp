// support/Utf8.h: the one validity rule. The copies it replaced differed
// on overlong forms and encoded surrogates (SARIF's column counter checked
// only the lead byte and that continuation bytes follow).
#include "support/Utf8.h"
#include <gtest/gtest.h>
#include <string>

using warpcheck::appendUtf8;
using warpcheck::utf8Length;

TEST(Utf8, ValidSequences) {
  EXPECT_EQ(utf8Length("a", 0), 1u);
  EXPECT_EQ(utf8Length(std::string(1, '\0'), 0), 1u);
  EXPECT_EQ(utf8Length("\xc3\xa9", 0), 2u);         // é
  EXPECT_EQ(utf8Length("\xe2\x82\xac", 0), 3u);     // €
  EXPECT_EQ(utf8Length("\xf0\x9d\x94\x98", 0), 4u); // 𝔘
  EXPECT_EQ(utf8Length("\xef\xbf\xbf", 0), 3u);     // U+FFFF
  EXPECT_EQ(utf8Length("\xf4\x8f\xbf\xbf", 0), 4u); // U+10FFFF, the last
  EXPECT_EQ(utf8Length("\xc2\x80", 0), 2u);         // U+0080 (a C1 control, but valid UTF-8)
  EXPECT_EQ(utf8Length("x\xc3\xa9", 1), 2u);        // at an offset
}

TEST(Utf8, StrayAndForbiddenBytes) {
  EXPECT_EQ(utf8Length("\x80", 0), 0u); // a continuation byte alone
  EXPECT_EQ(utf8Length("\xbf", 0), 0u);
  EXPECT_EQ(utf8Length("\xc0\x80", 0), 0u); // C0, C1: only overlong forms
  EXPECT_EQ(utf8Length("\xc1\xbf", 0), 0u);
  EXPECT_EQ(utf8Length("\xf5\x80\x80\x80", 0), 0u); // above U+10FFFF
  EXPECT_EQ(utf8Length("\xff", 0), 0u);
}

TEST(Utf8, OverlongFormsAndSurrogatesAreInvalid) {
  EXPECT_EQ(utf8Length("\xe0\x80\x80", 0), 0u);     // overlong U+0000
  EXPECT_EQ(utf8Length("\xe0\x9f\xbf", 0), 0u);     // overlong U+07FF
  EXPECT_EQ(utf8Length("\xe0\xa0\x80", 0), 3u);     // U+0800, the first 3-byte one
  EXPECT_EQ(utf8Length("\xed\xa0\x80", 0), 0u);     // U+D800, a surrogate
  EXPECT_EQ(utf8Length("\xed\xbf\xbf", 0), 0u);     // U+DFFF
  EXPECT_EQ(utf8Length("\xed\x9f\xbf", 0), 3u);     // U+D7FF, just below
  EXPECT_EQ(utf8Length("\xf0\x8f\xbf\xbf", 0), 0u); // overlong U+FFFF
  EXPECT_EQ(utf8Length("\xf4\x90\x80\x80", 0), 0u); // U+110000
}

TEST(Utf8, CutShortOrInterrupted) {
  EXPECT_EQ(utf8Length("\xc3", 0), 0u);
  EXPECT_EQ(utf8Length("\xe2\x82", 0), 0u);
  EXPECT_EQ(utf8Length("\xf0\x9d\x94", 0), 0u);
  EXPECT_EQ(utf8Length("\xe2x\xac", 0), 0u);
  // A NUL inside the view is a byte like any other, not its end.
  EXPECT_EQ(utf8Length(std::string("\xc3\0", 2), 0), 0u);
}

TEST(Utf8, AppendEncodesEachLength) {
  std::string s;
  for (uint32_t cp : {0x41u, 0xe9u, 0x20acu, 0x1d518u, 0x10ffffu}) appendUtf8(s, cp);
  EXPECT_EQ(s, "A\xc3\xa9\xe2\x82\xac\xf0\x9d\x94\x98\xf4\x8f\xbf\xbf");
  // What it writes is what utf8Length reads back.
  size_t i = 0, n = 0;
  for (; i < s.size(); i += utf8Length(s, i)) ++n;
  EXPECT_EQ(n, 5u);
}

TEST(Utf8, AppendEncodesASurrogateAsGiven) {
  // A YAML "\uD800" escape: encoded as it is (not valid UTF-8 then).
  std::string s;
  appendUtf8(s, 0xd800);
  EXPECT_EQ(s, "\xed\xa0\x80");
  EXPECT_EQ(utf8Length(s, 0), 0u);
}
