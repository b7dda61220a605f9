// The reference checker's vector clock: chunks per block shared
// copy-on-write, and launches covered entirely kept as one mark.
#include "runtime/reference/VectorClock.h"
#include <gtest/gtest.h>

using warpcheck::reference::ThreadRef;
using warpcheck::reference::VectorClock;

TEST(VectorClock, DoneLaunchCoversEveryThreadAndDropsItsChunks) {
  VectorClock c;
  for (uint32_t block = 0; block < 64; ++block)
    c.set({block, 5, /*launch*/ 0}, 3);
  c.set({64, 1, 1}, 2);
  EXPECT_EQ(c.chunkCount(), 65u);
  c.markDone(0);
  EXPECT_EQ(c.chunkCount(), 1u) << "launch 0's 64 chunks become one mark";
  EXPECT_EQ(c.get({7, 200, 0}), VectorClock::kDone) << "any thread of launch 0, even one never seen";
  EXPECT_EQ(c.get({64, 1, 1}), 2u);
  EXPECT_EQ(c.get({64, 2, 1}), 0u);
}

TEST(VectorClock, JoinCarriesDoneLaunchesAndDropsTheirChunks) {
  VectorClock knowsAll, partial;
  knowsAll.markDone(0);
  knowsAll.markDone(2);
  partial.set({0, 0, 0}, 4); // a chunk of launch 0, which the other clock covers
  partial.set({9, 3, 1}, 6);
  partial.join(knowsAll);
  EXPECT_EQ(partial.chunkCount(), 1u);
  EXPECT_EQ(partial.get({0, 0, 0}), VectorClock::kDone);
  EXPECT_EQ(partial.get({5, 0, 2}), VectorClock::kDone);
  EXPECT_EQ(partial.get({9, 3, 1}), 6u);
  VectorClock other;
  other.set({9, 3, 1}, 8);
  other.join(partial);
  EXPECT_EQ(other.get({9, 3, 1}), 8u);
  EXPECT_EQ(other.get({1, 0, 2}), VectorClock::kDone);
}
