#include "analyzer/frontend/Pass.h"
#include <gtest/gtest.h>

using namespace warpcheck;

TEST(PassPlan, DefaultIsHostPlusSm90) {
  auto passes = planPasses({});
  ASSERT_EQ(passes.size(), 2u);
  EXPECT_TRUE(passes[0].host);
  EXPECT_EQ(passes[0].name(), "host");
  EXPECT_FALSE(passes[1].host);
  EXPECT_EQ(passes[1].name(), "sm_90");
}

TEST(PassPlan, OneDevicePassPerDistinctArch) {
  auto passes = planPasses({"sm_80", "sm_90", "sm_80"});
  ASSERT_EQ(passes.size(), 3u);
  EXPECT_EQ(passes[1].arch, "sm_80");
  EXPECT_EQ(passes[2].arch, "sm_90");
}

TEST(PassPlan, HipDefaultIsGfx90aWave64) {
  auto passes = planPasses({}, SourceLanguage::Hip);
  ASSERT_EQ(passes.size(), 2u);
  EXPECT_TRUE(passes[0].hip);
  EXPECT_EQ(passes[1].name(), "gfx90a");
  EXPECT_EQ(passes[1].warpSize, 64u);
}

TEST(PassPlan, AmdWaveSizePerArch) {
  auto passes = planPasses({"gfx906", "gfx942:xnack+", "gfx1030", "gfx1100", "gfx1201", "gfx10-3-generic",
                            "gfx9-generic"},
                           SourceLanguage::Hip);
  std::vector<unsigned> sizes;
  for (const Pass &p : passes)
    if (!p.host) sizes.push_back(p.warpSize);
  EXPECT_EQ(sizes, (std::vector<unsigned>{64, 64, 32, 32, 32, 32, 64}));
  // -mwavefrontsize64 makes gfx10+ wave64; the last of the pair wins.
  auto wide = planPasses({"gfx1100"}, SourceLanguage::Hip, {"-mwavefrontsize64"});
  EXPECT_EQ(wide[1].warpSize, 64u);
  auto narrow = planPasses({"gfx1100"}, SourceLanguage::Hip, {"-mwavefrontsize64", "-mno-wavefrontsize64"});
  EXPECT_EQ(narrow[1].warpSize, 32u);
  EXPECT_EQ(planPasses({"sm_80"})[1].warpSize, 32u);
}
