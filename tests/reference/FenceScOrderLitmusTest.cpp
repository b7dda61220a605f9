// Litmus tests of Fence-SC order (docs/run-memory-model.md, "The reference
// checker"): two device-scope fence.sc are ordered one way or the other,
// and not against causality. A thread that writes, runs __threadfence()
// and __syncthreads(), while another thread of its block stores the flag
// after the barrier with no fence of its own since, publishes the write to
// a reader that observes the flag and then runs __threadfence() -- as a
// serial split-K reduction hands its partial sums on.
#include "LitmusHelpers.h"
#include <gtest/gtest.h>

using namespace warpcheck::reference::test;

namespace {

constexpr int kData = 0, kFlag = 64;

std::string semFence(int b, int t, const std::string &sem, int pc) {
  return "{\"l\":0,\"b\":" + std::to_string(b) + ",\"t\":" + std::to_string(t) + ",\"k\":\"fence\",\"sem\":\"" +
         sem + "\",\"sc\":\"gpu\",\"pc\":" + std::to_string(pc) + "}\n";
}

// Block 0: thread 1 writes data; both threads fence (`writerFence`) and
// pass a barrier; thread 0 stores the flag (relaxed). Block 1: thread 0
// reads the flag, fences (`readerFence`), reads data; `fenceFirst` puts
// its fence before the flag read instead.
std::string splitK(const std::string &writerFence, const std::string &readerFence, bool fenceFirst = false) {
  std::string t = header(0, 2, 2) + access(0, 1, "w", kData, "plain", "", 10) + semFence(0, 1, writerFence, 11) +
                  semFence(0, 0, writerFence, 11) + sync(0, 1, "bar", 0, 12) + sync(0, 0, "bar", 0, 12) +
                  access(0, 0, "rmw", kFlag, "relaxed", "gpu", 13);
  std::string read = access(1, 0, "r", kFlag, "relaxed", "gpu", 20), fence = semFence(1, 0, readerFence, 21);
  return t + (fenceFirst ? fence + read : read + fence) + access(1, 0, "r", kData, "plain", "", 22);
}

} // namespace

TEST(FenceScOrderLitmus, AnScFenceBeforeTheBarrierPublishesThroughAnotherThreadsFlag) {
  EXPECT_EQ(verdict(splitK("sc", "sc")), V{});
}

TEST(FenceScOrderLitmus, BothFencesMustBeSc) {
  EXPECT_EQ(verdict(splitK("acq_rel", "sc")), V{"fence-missing/inter-block"});
  EXPECT_EQ(verdict(splitK("sc", "acq_rel")), V{"fence-missing/inter-block"});
}

TEST(FenceScOrderLitmus, TheReadersFenceMustFollowItsObservation) {
  EXPECT_EQ(verdict(splitK("sc", "sc", true)), V{"fence-missing/inter-block"});
}

TEST(FenceScOrderLitmus, StoreBufferingWithScFencesStillRaces) {
  // Nothing observed: the fences' order is not forced, so both plain pairs
  // race (as rule 6 alone says).
  std::string t = header(0, 2, 1) + access(0, 0, "w", 0, "plain", "", 10) + access(1, 0, "w", 4, "plain", "", 20) +
                  semFence(0, 0, "sc", 11) + semFence(1, 0, "sc", 21) + access(0, 0, "r", 4, "plain", "", 12) +
                  access(1, 0, "r", 0, "plain", "", 22);
  EXPECT_EQ(verdict(t), (V{"race-global/inter-block", "race-global/inter-block"}));
}
