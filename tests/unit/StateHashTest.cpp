// StateHash (analyzer/analyses/StateHash.h): the async-copy explorer merges
// path states by this hash alone, so states that differ must hash apart.
#include "analyzer/analyses/StateHash.h"
#include <gtest/gtest.h>
#include <unordered_set>
#include <vector>

using warpcheck::StateHash;

namespace {

size_t hashOf(const std::vector<uint64_t> &words) {
  StateHash h;
  for (uint64_t w : words) h.add(w);
  return h.value();
}

} // namespace

TEST(StateHash, EqualSequencesHashAlike) {
  EXPECT_EQ(hashOf({1, 2, 3}), hashOf({1, 2, 3}));
  StateHash a, b;
  int x = 0;
  a.add(&x).add(true).add(uint32_t{7});
  b.add(&x).add(true).add(uint32_t{7});
  EXPECT_EQ(a.value(), b.value());
}

TEST(StateHash, OneWordChangedAnywhereChangesTheHash) {
  // Each step is a bijection of the running value: a difference in one
  // word survives every later step.
  std::vector<uint64_t> base = {0, 1, 0x1000, ~0ULL, 42, 0, 0, 5};
  size_t h = hashOf(base);
  for (size_t i = 0; i < base.size(); ++i)
    for (uint64_t delta : {1ULL, 2ULL, 1ULL << 32, 1ULL << 63}) {
      std::vector<uint64_t> w = base;
      w[i] ^= delta;
      EXPECT_NE(hashOf(w), h) << "word " << i << " delta " << delta;
    }
}

TEST(StateHash, OrderAndSmallValuesAreDistinguished) {
  EXPECT_NE(hashOf({1, 2}), hashOf({2, 1}));
  EXPECT_NE(hashOf({0}), hashOf({0, 0}));
  // Small integers and nearby pointers (what states are made of) spread
  // over the whole range: no two of 65,536 collide.
  std::unordered_set<size_t> seen;
  for (uint64_t a = 0; a < 256; ++a)
    for (uint64_t b = 0; b < 256; ++b) seen.insert(hashOf({a * 8, b}));
  EXPECT_EQ(seen.size(), 65536u);
}
