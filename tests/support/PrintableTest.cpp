// support/Printable.h: text from inputs made safe for a terminal, and the
// shell and YAML quoting of arguments and scalars.
#include "support/Printable.h"
#include <gtest/gtest.h>

using namespace warpcheck;

TEST(Printable, EscapesControlsAndBadBytesKeepsUtf8) {
  EXPECT_EQ(printable("a\x1b[2Jb"), "a\\x1b[2Jb");
  EXPECT_EQ(printable("bell\x07 del\x7f"), "bell\\x07 del\\x7f");
  EXPECT_EQ(printable("csi\xc2\x9b" "1m"), "csi\\x9b1m");
  EXPECT_EQ(printable("bad\xff"), "bad\\xff");
  EXPECT_EQ(printable("tab\there"), "tab\\x09here");
  EXPECT_EQ(printable("tab\there", std::string::npos, true), "tab\there");
  EXPECT_EQ(printable("line\nbreak"), "line\\x0abreak");
  EXPECT_EQ(printable("caf\xc3\xa9 \xe2\x86\x92"), "caf\xc3\xa9 \xe2\x86\x92");
  EXPECT_EQ(printable("abcdef", 3), "abc...");
}

TEST(Printable, InvalidUtf8IsEscapedByteByByte) {
  // Overlong forms and encoded surrogates are no UTF-8 (support/Utf8.h).
  EXPECT_EQ(printable("\xed\xa0\x80"), "\\xed\\xa0\\x80");
  EXPECT_EQ(printable("\xc0\xaf"), "\\xc0\\xaf");
  EXPECT_EQ(printable("cut\xe2\x82"), "cut\\xe2\\x82");
  EXPECT_EQ(escapedLength("\xc2\x85", 0), 2u); // NEL, a C1 control: one escape
  EXPECT_EQ(escapedLength("\xc2\xa0", 0), 0u); // NBSP is shown
}

TEST(Printable, ShellAndYamlQuoting) {
  EXPECT_EQ(shellQuoted("src/k.cu"), "src/k.cu");
  EXPECT_EQ(shellQuoted(""), "''");
  EXPECT_EQ(shellQuoted("a b"), "'a b'");
  EXPECT_EQ(shellQuoted("it's"), "'it'\\''s'");
  EXPECT_EQ(yamlQuoted("a\"b\\c\n\x01"), "\"a\\\"b\\\\c\\n\\x01\"");
}
