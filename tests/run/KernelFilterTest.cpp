#include "reports/Demangle.h"
#include "runtime/inject/Flags.h"
#include "runtime/inject/KernelFilter.h"
#include <cstdlib>
#include <gtest/gtest.h>

using namespace warpcheck::run;

TEST(KernelFilter, MatchesSubstringsOfMangledOrDemangledNames) {
  std::string m = "_Z6reduceIfEvPKT_PS0_i";
  std::string d = warpcheck::demangle(m);
  EXPECT_EQ(d, "void reduce<float>(float const*, float*, int)");
  KernelFilter f("reduce<float>", "", 0, 0);
  EXPECT_TRUE(f.shouldCheck(m, d));
  KernelFilter g("_Z6reduce", "", 0, 0);
  EXPECT_TRUE(g.shouldCheck(m, d));
  KernelFilter h("scan", "", 0, 0);
  EXPECT_FALSE(h.shouldCheck(m, d));
}

TEST(KernelFilter, RegexAndExclude) {
  KernelFilter f("regex:^void (reduce|scan)<", "scan", 0, 0);
  EXPECT_TRUE(f.shouldCheck("x", "void reduce<int>(int*)"));
  EXPECT_FALSE(f.shouldCheck("x", "void scan<int>(int*)"));
  EXPECT_FALSE(f.shouldCheck("x", "void other<int>(int*)"));
  EXPECT_THROW(KernelFilter("regex:([", "", 0, 0), std::regex_error);
}

TEST(KernelFilter, SkipAndCountApplyToMatchingLaunchesOnly) {
  KernelFilter f("k", "", 1, 2);
  EXPECT_FALSE(f.shouldCheck("other", "other")); // does not match: not counted
  EXPECT_FALSE(f.shouldCheck("k", "k"));         // skipped
  EXPECT_TRUE(f.shouldCheck("k", "k"));
  EXPECT_TRUE(f.shouldCheck("k", "k"));
  EXPECT_FALSE(f.shouldCheck("k", "k"));         // count reached
}

TEST(Flags, ReadsTheEnvironmentAndReportsBadValues) {
  setenv("WARPCHECK_LAUNCH_SKIP", "4", 1);
  setenv("WARPCHECK_INTRA_WARP", "maybe", 1);
  std::vector<std::string> problems;
  Flags f = readFlags(problems);
  EXPECT_EQ(f.launch_skip, 4u);
  EXPECT_TRUE(f.intra_warp); // the default, kept
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("WARPCHECK_INTRA_WARP='maybe'"), std::string::npos);
  unsetenv("WARPCHECK_LAUNCH_SKIP");
  unsetenv("WARPCHECK_INTRA_WARP");
  EXPECT_EQ(flagEnvName("shadow_budget_mib"), "WARPCHECK_SHADOW_BUDGET_MIB");
}
