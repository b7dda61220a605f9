// support/Hex.h: the hex() of the HTML evidence, the injected library and
// the run findings (three copies before), and the block/thread triples.
#include "support/Hex.h"
#include <gtest/gtest.h>

using warpcheck::coordinates;
using warpcheck::hex;

TEST(Hex, LowercaseUnpadded) {
  EXPECT_EQ(hex(0), "0x0");
  EXPECT_EQ(hex(0x1f), "0x1f");
  EXPECT_EQ(hex(0xffffffffu), "0xffffffff");
  EXPECT_EQ(hex(0x7f0012345678ull), "0x7f0012345678");
  EXPECT_EQ(hex(~0ull), "0xffffffffffffffff");
}

TEST(Hex, Coordinates) {
  // Messages write them without spaces, the HTML report's facts with.
  EXPECT_EQ(coordinates({1, 2, 0}), "(1,2,0)");
  EXPECT_EQ(coordinates({1, 2, 0}, ", "), "(1, 2, 0)");
  EXPECT_EQ(coordinates({4294967295u, 0, 7}), "(4294967295,0,7)");
}
