// Which race pairs the GPU detector's bounded shadow (the last writer and
// one reader per 4-byte word) still holds: `shadow_kept` of the reference's findings, what
// the differential test uses to tell an allowed miss from a real one.
#include "LitmusHelpers.h"
#include "runtime/reference/BoundedShadow.h"
#include <gtest/gtest.h>
#include <map>
#include <utility>

using namespace warpcheck::reference;
using namespace warpcheck::reference::test;

namespace {

// Per finding (pc pair, earlier pc first): {event pairs, pairs kept}.
std::map<std::pair<uint64_t, uint64_t>, std::pair<uint32_t, uint32_t>> kept(const std::string &text) {
  Trace t = parseTraceText(text);
  std::map<std::pair<uint64_t, uint64_t>, std::pair<uint32_t, uint32_t>> out;
  for (const Finding &f : checkTrace(t, ModelOptions{}))
    out[{t.events[f.first].pc, t.events[f.second].pc}] = {f.count, f.shadowKept};
  return out;
}

using K = std::map<std::pair<uint64_t, uint64_t>, std::pair<uint32_t, uint32_t>>;

} // namespace

// Two blocks store to x, a third reads it: the second store replaced the
// first in the shadow before the read, so the GPU cannot see (first store,
// read); the two stores, and (second store, read), it can.
TEST(BoundedShadow, AStoreReplacedByAnotherStoreIsNotHeld) {
  std::string t = header(0, 3, 1) + access(0, 0, "w", 64, "plain", "", 16) + access(1, 0, "w", 64, "plain", "", 32) +
                  access(2, 0, "r", 64, "plain", "", 48);
  EXPECT_EQ(kept(t), (K{{{16, 32}, {1, 1}}, {{16, 48}, {1, 0}}, {{32, 48}, {1, 1}}}));
}

// An RMW replaces the writer entry too: a third block's plain store after
// two blocks' atomics is unordered with both (the RMW it would observe is
// not its own), but only the later atomic is still in the shadow. (The
// last-block reduction's own reset, after the last block's atomicInc that
// observed the others', is ordered by observation order, rule 10.)
TEST(BoundedShadow, AnRmwReplacesTheWriterToo) {
  std::string t = header(0, 3, 1) + access(0, 0, "rmw", 64, "relaxed", "gpu", 16) +
                  access(1, 0, "rmw", 64, "relaxed", "gpu", 24) + access(2, 0, "w", 64, "plain", "", 32);
  EXPECT_EQ(kept(t), (K{{{16, 32}, {1, 0}}, {{24, 32}, {1, 1}}}));
}

// Writes leave the reader half alone: a read stays held however many
// writes came since.
TEST(BoundedShadow, WritesDoNotReplaceTheReader) {
  std::string t = header(0, 3, 1) + access(0, 0, "r", 64, "plain", "", 16) + access(1, 0, "w", 64, "plain", "", 32) +
                  access(2, 0, "w", 64, "plain", "", 48);
  EXPECT_EQ(kept(t), (K{{{16, 32}, {1, 1}}, {{16, 48}, {1, 1}}, {{32, 48}, {1, 1}}}));
}

// Global memory: another block's reader of this launch is kept, so a
// second block's read is never stored (the lock holders' reads of `total`
// after the first).
TEST(BoundedShadow, TheFirstReaderOfAnotherBlockIsKept) {
  std::string t = header(0, 3, 1) + access(0, 0, "r", 64, "plain", "", 16) + access(1, 0, "r", 64, "plain", "", 32) +
                  access(2, 0, "w", 64, "plain", "", 48);
  EXPECT_EQ(kept(t), (K{{{16, 48}, {1, 1}}, {{32, 48}, {1, 0}}}));
}

// ... unless it is strong and the new read plain: a synchronising reader
// does not hide a plain one.
TEST(BoundedShadow, APlainReadReplacesAStrongReader) {
  std::string t = header(0, 3, 1) + access(0, 0, "r", 64, "relaxed", "gpu", 16) +
                  access(1, 0, "r", 64, "plain", "", 32) + access(2, 0, "w", 64, "plain", "", 48);
  EXPECT_EQ(kept(t), (K{{{16, 48}, {1, 0}}, {{32, 48}, {1, 1}}}));
}

// The same thread reading again with nothing between keeps its first read
// (the reader half names the first instruction).
TEST(BoundedShadow, TheSameThreadKeepsItsFirstRead) {
  std::string t = header(0, 2, 1) + access(0, 0, "r", 64, "plain", "", 16) + access(0, 0, "r", 64, "plain", "", 24) +
                  access(1, 0, "w", 64, "plain", "", 48);
  EXPECT_EQ(kept(t), (K{{{16, 48}, {1, 1}}, {{24, 48}, {1, 0}}}));
}

// Whether a reader of the same block is kept depends on barrier epochs the
// trace does not pin down: both reads count as held (strict).
TEST(BoundedShadow, ReadersAcrossABarrierBothCountAsHeld) {
  std::string t = header(0, 2, 2) + access(0, 0, "r", 64, "plain", "", 16) + sync(0, 0, "bar", 0, 20) +
                  sync(0, 1, "bar", 0, 20) + access(0, 1, "r", 64, "plain", "", 32) +
                  access(1, 0, "w", 64, "plain", "", 48);
  EXPECT_EQ(kept(t), (K{{{16, 48}, {1, 1}}, {{32, 48}, {1, 1}}}));
}

// Shared memory: a read in the reader's epoch keeps it.
TEST(BoundedShadow, SharedMemoryKeepsTheFirstReaderOfTheEpoch) {
  std::string t = header(0, 1, 64) + access(0, 0, "r", 8, "plain", "", 16, "s") +
                  access(0, 32, "r", 8, "plain", "", 32, "s") + access(0, 33, "w", 8, "plain", "", 48, "s");
  EXPECT_EQ(kept(t), (K{{{16, 48}, {1, 1}}, {{32, 48}, {1, 0}}}));
}

// The shadow is per 4-byte word: a store to the next word replaces nothing
// here; shared memory is per block, so another block's store to the same
// offset replaces nothing either.
TEST(BoundedShadow, OtherWordsAndOtherBlocksSharedMemoryReplaceNothing) {
  std::string global = header(0, 3, 1) + access(0, 0, "w", 64, "plain", "", 16) +
                       access(1, 0, "w", 68, "plain", "", 32) + access(2, 0, "r", 64, "plain", "", 48);
  EXPECT_EQ(kept(global), (K{{{16, 48}, {1, 1}}}));
  std::string shared = header(0, 2, 64) + access(0, 0, "w", 8, "plain", "", 16, "s") +
                       access(1, 0, "w", 8, "plain", "", 32, "s") + access(0, 32, "r", 8, "plain", "", 48, "s");
  EXPECT_EQ(kept(shared), (K{{{16, 48}, {1, 1}}}));
}

// One finding stands for several event pairs: it counts those held. Two
// blocks store at pc 16, a third reads at pc 48: of the two (store, read)
// pairs only the later store's is held.
TEST(BoundedShadow, AFindingCountsTheHeldPairsOfAllItsEvents) {
  std::string t = header(0, 3, 1) + access(0, 0, "w", 64, "plain", "", 16) + access(1, 0, "w", 64, "plain", "", 16) +
                  access(2, 0, "r", 64, "plain", "", 48);
  EXPECT_EQ(kept(t), (K{{{16, 16}, {1, 1}}, {{16, 48}, {2, 1}}}));
}

// Merging keeps the widest relation's example; the counts of every pair
// add up whichever example is kept.
TEST(BoundedShadow, CountsAddUpWhenAWiderRelationReplacesTheExample) {
  // Thread 1 of block 0 stores, thread 0 (same warp) stores at pc 16 and
  // block 1 stores at pc 16: (16,16) is intra-warp, then inter-block.
  std::string t = header(0, 2, 32) + access(0, 1, "w", 64, "plain", "", 16) + access(0, 0, "w", 64, "plain", "", 16) +
                  access(1, 0, "w", 64, "plain", "", 16);
  Trace tr = parseTraceText(t);
  auto fs = checkTrace(tr, ModelOptions{});
  ASSERT_EQ(fs.size(), 1u);
  EXPECT_EQ(fs[0].relation, "inter-block");
  EXPECT_EQ(fs[0].count, 3u);
  // Held: (thread 1, thread 0) and (thread 0, block 1); thread 1's store
  // was replaced by thread 0's before block 1's.
  EXPECT_EQ(fs[0].shadowKept, 2u);
}
