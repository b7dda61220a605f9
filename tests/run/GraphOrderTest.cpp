// Kernel nodes of one graph launch are ordered by the graph's edges only.
#include "runtime/common/GraphOrder.h"
#include <gtest/gtest.h>

using namespace warpcheck::run;

namespace {
using V = std::vector<uint32_t>;
constexpr uint64_t kExec = 0x1000, A = 1, B = 2, C = 3, D = 4;
} // namespace

TEST(GraphOrder, SiblingsOfADiamondAreUnorderedItsJoinIsNot) {
  GraphOrder g;
  g.setGraph(kExec, {A, B, C, D}, {{A, B}, {A, C}, {B, D}, {C, D}});
  EXPECT_EQ(g.unorderedEarlier(kExec, 7, A, 10), V{});
  EXPECT_EQ(g.unorderedEarlier(kExec, 7, B, 11), V{});
  EXPECT_EQ(g.unorderedEarlier(kExec, 7, C, 12), V{11}); // B and C: no path between them
  EXPECT_EQ(g.unorderedEarlier(kExec, 7, D, 13), V{});   // after both, through them
}

TEST(GraphOrder, NodesWithoutEdgesAreUnordered) {
  GraphOrder g;
  g.setGraph(kExec, {A, B, C}, {});
  EXPECT_EQ(g.unorderedEarlier(kExec, 1, A, 5), V{});
  EXPECT_EQ(g.unorderedEarlier(kExec, 1, B, 6), V{5});
}

TEST(GraphOrder, ANewLaunchOfTheGraphStartsAfresh) {
  GraphOrder g;
  g.setGraph(kExec, {A, B, C}, {});
  g.unorderedEarlier(kExec, 1, A, 5);
  // Launch 2 runs after launch 1 (same stream): its first node has no peer yet.
  EXPECT_EQ(g.unorderedEarlier(kExec, 2, B, 6), V{});
}

TEST(GraphOrder, UnknownGraphsCountAsOrdered) {
  GraphOrder g;
  EXPECT_EQ(g.unorderedEarlier(kExec, 1, A, 5), V{});
  EXPECT_EQ(g.unorderedEarlier(kExec, 1, B, 6), V{});
  g.setGraph(kExec, {A, B, C}, {});
  g.forget(kExec);
  EXPECT_EQ(g.unorderedEarlier(kExec, 1, C, 7), V{});
}

TEST(GraphOrder, NodesOfAChildGraphCountAsOrdered) {
  GraphOrder g;
  g.setGraph(kExec, {A, B}, {});
  EXPECT_EQ(g.unorderedEarlier(kExec, 1, A, 5), V{});
  EXPECT_EQ(g.unorderedEarlier(kExec, 1, D, 6), V{}); // not a node of the graph's top level
  EXPECT_EQ(g.unorderedEarlier(kExec, 1, B, 7), V{5});
}
