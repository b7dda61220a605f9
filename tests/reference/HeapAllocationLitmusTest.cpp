// Litmus tests of device-side malloc() memory (docs/run-memory-model.md,
// "Device-heap memory"): memory freed by one thread and handed to another
// by malloc() is a new allocation, whose accesses do not race with the
// accesses to the old one; within one allocation, races are races.
#include "LitmusHelpers.h"
#include <gtest/gtest.h>

using namespace warpcheck::reference::test;

namespace {

constexpr int kHeap = 4096;

std::string mallocEvent(int b, int t, int addr, int bytes, int pc) {
  return "{\"l\":0,\"b\":" + std::to_string(b) + ",\"t\":" + std::to_string(t) + ",\"k\":\"malloc\",\"a\":" +
         std::to_string(addr) + ",\"n\":" + std::to_string(bytes) + ",\"pc\":" + std::to_string(pc) + "}\n";
}

// Block 0 allocates 16 bytes, writes and reads them (and frees them: not
// traced); block 1 then gets the same bytes from malloc() -- or, with
// `newAllocation` false, uses them with no malloc() event -- and writes.
std::string reuse(bool newAllocation) {
  std::string t = header(0, 2, 1) + mallocEvent(0, 0, kHeap, 16, 1) + access(0, 0, "w", kHeap + 8, "plain", "", 10) +
                  access(0, 0, "r", kHeap + 8, "plain", "", 11);
  if (newAllocation)
    t += mallocEvent(1, 0, kHeap, 16, 1);
  return t + access(1, 0, "w", kHeap + 8, "plain", "", 10);
}

} // namespace

TEST(HeapAllocationLitmus, MemoryHandedOnByMallocHasNoHistory) {
  EXPECT_EQ(verdict(reuse(true)), V{});
  // Without the malloc() event block 1's write races with block 0's write
  // and read.
  EXPECT_EQ(verdict(reuse(false)), (V{"race-global/inter-block", "race-global/inter-block"}));
}

TEST(HeapAllocationLitmus, ANewAllocationForgetsOnlyItsOwnBytes) {
  // Block 0 wrote bytes 16..19 too; block 1's allocation is bytes 0..15.
  std::string t = header(0, 2, 1) + access(0, 0, "w", kHeap + 16, "plain", "", 10) +
                  mallocEvent(1, 0, kHeap, 16, 1) + access(1, 0, "w", kHeap + 16, "plain", "", 12);
  EXPECT_EQ(verdict(t), V{"race-global/inter-block"});
}

TEST(HeapAllocationLitmus, AccessesToOneAllocationStillRace) {
  // Block 0 allocates and hands the pointer to block 1 with no ordering:
  // their accesses to the allocation race.
  std::string t = header(0, 2, 1) + mallocEvent(0, 0, kHeap, 16, 1) + access(0, 0, "w", kHeap, "plain", "", 10) +
                  access(1, 0, "r", kHeap, "plain", "", 12);
  EXPECT_EQ(verdict(t), V{"race-global/inter-block"});
}

TEST(HeapAllocationLitmus, ANewAllocationEndsItsBytesReleaseSequences) {
  // A flag published in the old allocation is not a publication in the new
  // one: block 1 reading it (relaxed) after its own malloc() and fencing
  // acquires nothing, so its read of block 0's data races -- with no flag
  // left that a fence would complete (race-global, not fence-missing).
  std::string t = header(0, 2, 1) + access(0, 0, "w", 0, "plain", "", 10) +
                  fence(0, 0, "gpu", 11) + access(0, 0, "w", kHeap, "relaxed", "gpu", 12) +
                  mallocEvent(1, 0, kHeap, 16, 1) + access(1, 0, "r", kHeap, "relaxed", "gpu", 20) +
                  fence(1, 0, "gpu", 21) + access(1, 0, "r", 0, "plain", "", 22);
  EXPECT_EQ(verdict(t), V{"race-global/inter-block"});
}
