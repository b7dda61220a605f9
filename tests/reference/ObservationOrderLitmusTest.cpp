// Litmus tests of observation order (docs/run-memory-model.md, rule 10):
// a strong write observed by a morally strong read -- directly or through
// a chain of morally strong RMWs -- is ordered before what the reader does
// next; what came before the write in its thread is not.
#include "LitmusHelpers.h"
#include <gtest/gtest.h>

using namespace warpcheck::reference::test;

namespace {

constexpr int kData = 0, kCounter = 192;

// Blocks 0..n-2 each take a ticket (atomicInc) after fencing their partial
// sum; the last block takes the last ticket and then resets the counter
// with a plain store (`count = 0;`), as the guide's last-block reduction
// does. `observe`: the last block takes its ticket (else it only resets).
std::string counterReset(int blocks, bool observe, const std::string &ticketScope = "gpu") {
  std::string t = header(0, blocks, 1);
  for (int b = 0; b + 1 < blocks; ++b)
    t += access(b, 0, "w", kData + 4 * b, "plain", "", 10) + fence(b, 0, "gpu", 11) +
         access(b, 0, "rmw", kCounter, "relaxed", ticketScope, 12);
  int last = blocks - 1;
  if (observe)
    t += access(last, 0, "rmw", kCounter, "relaxed", "gpu", 12) + fence(last, 0, "gpu", 13);
  return t + access(last, 0, "w", kCounter, "plain", "", 14);
}

} // namespace

TEST(ObservationOrderLitmus, ResettingACounterAfterObservingItsLastIncrementIsOrdered) {
  EXPECT_EQ(verdict(counterReset(2, true)), V{});
  // Through the chain of increments: block 2 read block 1's, which read block 0's.
  EXPECT_EQ(verdict(counterReset(3, true)), V{});
  // Without the observing ticket the reset races with every increment
  // (one pc pair).
  EXPECT_EQ(verdict(counterReset(3, false)), V{"race-global/inter-block"});
}

TEST(ObservationOrderLitmus, AnIncrementThatIsNotMorallyStrongBreaksTheChain) {
  // Block 0's block-scope atomicInc is not morally strong with block 1's
  // device-scope one: block 1 does not observe it through its own ticket,
  // so the reset races with it (and so do the two tickets).
  EXPECT_EQ(verdict(counterReset(2, true, "cta")),
            (V{"scope-too-narrow/inter-block", "scope-too-narrow/inter-block"}));
}

TEST(ObservationOrderLitmus, ObservingAWriteDoesNotOrderWhatCameBeforeIt) {
  // data = 1; atomicExch(flag, 1) with no fence, observed by block 1, which
  // fences and reads data and then clears the flag with a plain store: the
  // flag store is ordered (observed), the data is not (no release).
  std::string t = header(0, 2, 1) + access(0, 0, "w", kData, "plain", "", 10) +
                  access(0, 0, "rmw", kCounter, "relaxed", "gpu", 12) +
                  access(1, 0, "r", kCounter, "relaxed", "gpu", 20) + fence(1, 0, "gpu", 21) +
                  access(1, 0, "r", kData, "plain", "", 22) + access(1, 0, "w", kCounter, "plain", "", 23);
  EXPECT_EQ(verdict(t), V{"fence-missing/inter-block"});
  auto f = findingsOf(t);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].first, 0u) << "the data write, not the flag";
}

TEST(ObservationOrderLitmus, TheObservationReachesOtherThreadsThroughHappensBefore) {
  // The last block's thread 0 observes the increments; thread 1 resets the
  // counter after a barrier: ordered. Thread 1 resetting it before the
  // barrier is not.
  auto reset = [](bool afterBarrier) {
    std::string t = header(0, 2, 2) + access(0, 0, "rmw", kCounter, "relaxed", "gpu", 12) +
                    access(1, 0, "rmw", kCounter, "relaxed", "gpu", 12) + sync(1, 0, "bar", 0, 13);
    if (!afterBarrier)
      t += access(1, 1, "w", kCounter, "plain", "", 14);
    t += sync(1, 1, "bar", 0, 13);
    if (afterBarrier)
      t += access(1, 1, "w", kCounter, "plain", "", 14);
    return t;
  };
  EXPECT_EQ(verdict(reset(true)), V{});
  EXPECT_NE(verdict(reset(false)), V{});
}
