#include "support/Demangle.h"
#include "runtime/common/Flags.h"
#include "runtime/common/KernelFilter.h"
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

// compute-sanitizer's --kernel-name syntax (issue 21: `kns=foo` was taken as
// a literal substring and matched nothing).
TEST(KernelFilter, ComputeSanitizerKeys) {
  std::string m = "_ZN2ns6reduceIfEEvPKT_PS1_i";
  std::string d = warpcheck::demangle(m);
  ASSERT_EQ(d, "void ns::reduce<float>(float const*, float*, int)");
  EXPECT_TRUE(NamePattern("kns=reduce").matches(m, d));
  EXPECT_FALSE(NamePattern("kns=scan").matches(m, d));
  for (const char *exact : {"kne=reduce", "kne=ns::reduce", "kne=reduce<float>", "kne=ns::reduce<float>",
                            "kne=_ZN2ns6reduceIfEEvPKT_PS1_i", "kne=void ns::reduce<float>(float const*, float*, int)"})
    EXPECT_TRUE(NamePattern(exact).matches(m, d)) << exact;
  EXPECT_FALSE(NamePattern("kne=reduc").matches(m, d));
  EXPECT_FALSE(NamePattern("kne=reduce<int>").matches(m, d));
  EXPECT_TRUE(NamePattern("regex=^void ns::red").matches(m, d));
  // Every term must match; a regex may hold commas.
  EXPECT_TRUE(NamePattern("kns=ns::,kne=reduce").matches(m, d));
  EXPECT_FALSE(NamePattern("kns=ns::,kne=scan").matches(m, d));
  EXPECT_TRUE(NamePattern("regex=re{1,2}duce").matches(m, d));
  EXPECT_TRUE(NamePattern("regex=re{1,2}duce,kns=float").matches(m, d));
  // Plain names and the older regex: prefix keep their meaning.
  EXPECT_TRUE(NamePattern("reduce<float>").matches(m, d));
  EXPECT_TRUE(NamePattern("regex:reduce<(float|int)>").matches(m, d));
  EXPECT_THROW(NamePattern("knx=reduce"), std::invalid_argument);
  EXPECT_THROW(NamePattern("kns="), std::invalid_argument);
  EXPECT_THROW(NamePattern("kns=a,kne="), std::invalid_argument);
  EXPECT_THROW(NamePattern("regex=(["), std::regex_error);
  KernelFilter f("kne=reduce", "kns=float", 0, 0);
  EXPECT_FALSE(f.shouldCheck(m, d)); // excluded
}

TEST(KernelFilter, ShortNames) {
  auto n = shortNames("void a::b::k<c::d<int>>(int*)");
  std::vector<std::string> want = {"a::b::k", "a::b::k<c::d<int>>", "k", "k<c::d<int>>"};
  EXPECT_EQ(n, want);
}

TEST(KernelFilter, SkipAndCountApplyToMatchingLaunchesOnly) {
  KernelFilter f("k", "", 1, 2);
  EXPECT_FALSE(f.shouldCheck("other", "other")); // does not match: not counted
  EXPECT_FALSE(f.shouldCheck("k", "k"));         // skipped
  EXPECT_TRUE(f.shouldCheck("k", "k"));
  EXPECT_TRUE(f.shouldCheck("k", "k"));
  EXPECT_FALSE(f.shouldCheck("k", "k"));         // count reached
}

TEST(KernelFilter, SampleChecksOneLaunchInNAfterTheSkippedOnesAndCountCountsThose) {
  KernelFilter f("k", "", 1, 2, 3);
  std::vector<bool> checked;
  for (int i = 0; i < 10; ++i) {
    EXPECT_FALSE(f.shouldCheck("other", "other")); // does not match: not counted
    checked.push_back(f.shouldCheck("k", "k"));
  }
  // Launch 0 skipped; then 1, 4 (every third), and the count of 2 reached.
  EXPECT_EQ(checked, (std::vector<bool>{false, true, false, false, true, false, false, false, false, false}));
  KernelFilter every("", "", 0, 0, 2);
  EXPECT_TRUE(every.shouldCheck("a", "a"));
  EXPECT_FALSE(every.shouldCheck("a", "a"));
  EXPECT_TRUE(every.shouldCheck("a", "a"));
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
