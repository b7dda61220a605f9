// Litmus tests of the `acquire` and `release` fences of the trace format
// (docs/run-memory-model.md, appendix): a fence with only one half of
// rule 6. `warpcheck run` writes CCTL.IVALL after an ld.acquire as an
// `acquire` fence, and assumes a `release` fence where it cannot see the
// code's fences (a callee's).
#include "LitmusHelpers.h"
#include <gtest/gtest.h>

using namespace warpcheck::reference::test;

namespace {

constexpr int kData = 0, kFlag = 64;

std::string halfFence(int b, const std::string &sem, int pc) {
  return "{\"l\":0,\"b\":" + std::to_string(b) + ",\"t\":0,\"k\":\"fence\",\"sem\":\"" + sem +
         "\",\"sc\":\"gpu\",\"pc\":" + std::to_string(pc) + "}\n";
}

// data; fence; flag || flag; fence; data, with the two fences' sems.
std::string messagePassing(const std::string &writerFence, const std::string &readerFence) {
  return header(0, 2, 1) + access(0, 0, "w", kData, "plain", "", 10) + halfFence(0, writerFence, 11) +
         access(0, 0, "w", kFlag, "relaxed", "gpu", 12) + access(1, 0, "r", kFlag, "relaxed", "gpu", 20) +
         halfFence(1, readerFence, 21) + access(1, 0, "r", kData, "plain", "", 22);
}

} // namespace

TEST(FenceHalvesLitmus, AReleaseFenceReleasesAndAnAcquireFenceAcquires) {
  EXPECT_EQ(verdict(messagePassing("release", "acquire")), V{});
  EXPECT_EQ(verdict(messagePassing("acq_rel", "acquire")), V{});
  EXPECT_EQ(verdict(messagePassing("release", "sc")), V{});
}

TEST(FenceHalvesLitmus, AnAcquireFenceDoesNotReleaseNorAReleaseFenceAcquire) {
  EXPECT_EQ(verdict(messagePassing("acquire", "acquire")), V{"fence-missing/inter-block"});
  EXPECT_EQ(verdict(messagePassing("release", "release")), V{"fence-missing/inter-block"});
}
