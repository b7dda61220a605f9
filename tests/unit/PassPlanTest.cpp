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
