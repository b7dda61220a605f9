// support/GpuArch.h: the arch names parsed once (the configuration's check,
// lint's normalisation of compile commands and its pass planning each had
// a parser).
#include "support/GpuArch.h"
#include <gtest/gtest.h>

using namespace warpcheck;

TEST(GpuArch, CudaNamesTheUserTypes) {
  for (const char *ok : {"sm_80", "sm_90a", "sm_100f", "compute_90", "lto_89", "90", "120a"})
    EXPECT_TRUE(isCudaArchName(ok)) << ok;
  for (const char *bad : {"sm_8", "sm_1000", "sm_90b", "sm_90aa", "sm_", "sm_9a0", "SM_80", "native", "all", ""})
    EXPECT_FALSE(isCudaArchName(bad)) << bad;
}

TEST(GpuArch, AmdNamesTheUserTypes) {
  for (const char *ok : {"gfx90a", "gfx1100", "gfx942:xnack+", "gfx942:sramecc-:xnack+", "gfx10-3-generic",
                         "gfx9-generic"})
    EXPECT_TRUE(isAmdGpuArchName(ok)) << ok;
  for (const char *bad : {"gfx", "gfx9", "gfx90a:xnack", "gfx12345", "sm_80"})
    EXPECT_FALSE(isAmdGpuArchName(bad)) << bad;
  EXPECT_TRUE(isGpuArchName("sm_80"));
  EXPECT_TRUE(isGpuArchName("gfx1030"));
  EXPECT_FALSE(isGpuArchName("pentium"));
  EXPECT_EQ(gpuArchError("x"), "'x' is not a GPU arch (expected sm_NN like sm_80 or sm_90a for CUDA, gfxNNN like "
                               "gfx90a or gfx1100 for HIP)");
}

TEST(GpuArch, NormalisesWhatCompileCommandsName) {
  EXPECT_EQ(normalizeArch("sm_80"), "sm_80");
  EXPECT_EQ(normalizeArch("compute_90"), "sm_90");
  EXPECT_EQ(normalizeArch("lto_89"), "sm_89");
  EXPECT_EQ(normalizeArch("90a"), "sm_90a");
  EXPECT_EQ(normalizeArch("sm_100f"), "sm_100f");
  // Laxer than what the user may type: clang names an odd one itself.
  EXPECT_EQ(normalizeArch("sm_8"), "sm_8");
  EXPECT_EQ(normalizeArch("compute_90x"), "sm_90x");
  EXPECT_EQ(normalizeArch("gfx90a:xnack+"), "gfx90a:xnack+");
  EXPECT_EQ(normalizeArch("gfx9foo"), "gfx9foo");
  for (const char *none : {"native", "all", "all-major", "pentium", "sm_90ab", "", "sm_"})
    EXPECT_EQ(normalizeArch(none), "") << none;
}

TEST(GpuArch, AmdOrNot) {
  EXPECT_TRUE(isAmdGpuArch("gfx90a"));
  EXPECT_TRUE(isAmdGpuArch("gfx9foo")); // AMD's, if not a valid one
  EXPECT_FALSE(isAmdGpuArch("gfx"));
  EXPECT_FALSE(isAmdGpuArch("gfxa"));
  EXPECT_FALSE(isAmdGpuArch("sm_90"));
}

TEST(GpuArch, Numbers) {
  EXPECT_EQ(cudaArchNumber("sm_90"), 90u);
  EXPECT_EQ(cudaArchNumber("sm_90a"), 90u);
  EXPECT_EQ(cudaArchNumber("sm_100f"), 100u);
  EXPECT_EQ(cudaArchNumber("gfx90a"), 0u);
  EXPECT_EQ(cudaArchNumber("90"), 0u); // not normalised
  EXPECT_EQ(amdGpuGeneration("gfx90a"), 9u);
  EXPECT_EQ(amdGpuGeneration("gfx942:xnack+"), 9u);
  EXPECT_EQ(amdGpuGeneration("gfx1100"), 11u);
  EXPECT_EQ(amdGpuGeneration("gfx1200"), 12u);
  EXPECT_EQ(amdGpuGeneration("gfx10-3-generic"), 10u);
  EXPECT_EQ(amdGpuGeneration("gfx9-generic"), 9u);
  EXPECT_EQ(amdGpuGeneration("sm_90"), 0u);
}
