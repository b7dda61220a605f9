#include "runtime/host/LogFileName.h"
#include <cstdlib>
#include <gtest/gtest.h>

using warpcheck::run::expandLogFileName;

TEST(LogFileName, ExpandsLikeComputeSanitizer) {
  std::string out, error;
  ASSERT_TRUE(expandLogFileName("report-%p.txt", 4242, out, error)) << error;
  EXPECT_EQ(out, "report-4242.txt");
  ASSERT_TRUE(expandLogFileName("100%%-%p-%p", 7, out, error)) << error;
  EXPECT_EQ(out, "100%-7-7");
  setenv("WARPCHECK_TEST_RANK", "3", 1);
  ASSERT_TRUE(expandLogFileName("rank%q{WARPCHECK_TEST_RANK}.json", 1, out, error)) << error;
  EXPECT_EQ(out, "rank3.json");
  unsetenv("WARPCHECK_TEST_RANK");
  ASSERT_TRUE(expandLogFileName("plain.json", 1, out, error));
  EXPECT_EQ(out, "plain.json");
}

TEST(LogFileName, RefusesWhatItCannotExpand) {
  std::string out, error;
  EXPECT_FALSE(expandLogFileName("r-%z", 1, out, error));
  EXPECT_NE(error.find("unknown %z"), std::string::npos) << error;
  EXPECT_FALSE(expandLogFileName("r-%", 1, out, error));
  EXPECT_NE(error.find("lone '%'"), std::string::npos) << error;
  EXPECT_FALSE(expandLogFileName("r-%q", 1, out, error));
  EXPECT_FALSE(expandLogFileName("r-%q{NO_SUCH_VARIABLE_WARPCHECK}", 1, out, error));
  EXPECT_NE(error.find("is not set"), std::string::npos) << error;
}
