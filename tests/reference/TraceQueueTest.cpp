// The order `warpcheck run --trace` writes launches in (runtime/common/
// TraceQueue): the kernel nodes of a CUDA graph launch all begin before the
// first ends; each must still be its own launch in the trace, after the
// nodes the graph's edges put before it, for the reference checker to read
// it (graph_edges_fixed's trace was rejected: "event ... after its exit").
#include "runtime/common/TraceQueue.h"
#include "runtime/reference/Findings.h"
#include "runtime/reference/TraceParser.h"
#include <cstdio>
#include <fstream>
#include <gtest/gtest.h>
#include <unistd.h>

using namespace warpcheck;
using patch::TraceEvent;

namespace {

const uint32_t kNone[8] = {};

// Every thread of 2 blocks of 32 writes its own word of one buffer, then exits.
std::vector<TraceEvent> fill(uint64_t pc) {
  std::vector<TraceEvent> e;
  for (uint32_t b = 0; b < 2; ++b)
    for (uint32_t t = 0; t < 32; ++t) e.push_back(TraceEvent{0x1000 + 4 * (32 * b + t), pc, b, t, patch::kTraceWrite,
                                                             patch::kSpaceGlobal, patch::kSemPlain, patch::kScopeGpu, 4});
  for (uint32_t b = 0; b < 2; ++b)
    for (uint32_t t = 0; t < 32; ++t) e.push_back(TraceEvent{0, pc + 16, b, t, patch::kTraceExit, 0, 0, 0, 0});
  return e;
}

struct QueueFixture {
  std::string path = "/tmp/warpcheck-tracequeue-" + std::to_string(getpid()) + ".jsonl";
  run::TraceWriter writer{path, 16};
  run::TraceQueue queue{writer};
  std::string error;
  void plan(uint64_t key, uint32_t tag, const uint32_t concurrent[8] = kNone) {
    queue.plan(key, tag, concurrent, {2, 1, 1}, {32, 1, 1});
  }
  void finish(uint64_t key, const char *kernel, uint64_t pc) { queue.finish(key, kernel, fill(pc), error); }
  reference::Trace read() {
    std::ifstream in(path);
    reference::Trace t = reference::parseTrace(in, path);
    std::remove(path.c_str());
    return t;
  }
};

std::vector<std::string> rules(const reference::Trace &t) {
  std::vector<std::string> out;
  for (const auto &f : reference::checkTrace(t, {})) out.push_back(f.rule + "/" + f.relation);
  return out;
}

} // namespace

TEST(TraceQueue, GraphNodesBegunTogetherAreLaunchesOrderedByTheirEdge) {
  // graph_edges_fixed: fill -> scale, the graph launched twice on one
  // stream; both nodes of a launch begin before the first ends.
  QueueFixture fx;
  for (int launch = 0; launch < 2; ++launch) {
    uint64_t a = 10 + 2 * launch, b = a + 1;
    fx.plan(a, 1 + 2 * launch);
    fx.plan(b, 2 + 2 * launch); // a is its ancestor: not concurrent
    fx.finish(a, "_Z4fillPii", 0x100);
    fx.finish(b, "_Z5scalePii", 0x200);
  }
  ASSERT_EQ(fx.error, "");
  reference::Trace t = fx.read();
  ASSERT_EQ(t.launches.size(), 4u);
  EXPECT_EQ(t.launches[1].kernel, "_Z5scalePii");
  EXPECT_EQ(t.launches[1].after, (std::vector<uint64_t>{0}));
  EXPECT_EQ(t.launches[3].after, (std::vector<uint64_t>{0, 1, 2}));
  EXPECT_EQ(t.events.size(), 4u * 128);
  EXPECT_EQ(rules(t), std::vector<std::string>{});
}

TEST(TraceQueue, GraphNodesWithoutAnEdgeAreUnordered) {
  // graph_edges_bug: no edge, so the graph order makes fill's tag
  // concurrent with scale.
  QueueFixture fx;
  uint32_t concurrent[8] = {1u << 1};
  fx.plan(10, 1);
  fx.plan(11, 2, concurrent);
  fx.finish(10, "_Z4fillPii", 0x100);
  fx.finish(11, "_Z5scalePii", 0x200);
  reference::Trace t = fx.read();
  ASSERT_EQ(t.launches.size(), 2u);
  EXPECT_TRUE(t.launches[1].after.empty());
  EXPECT_EQ(rules(t), std::vector<std::string>{"race-global/inter-launch"});
}

TEST(TraceQueue, ALaunchEndingFirstWaitsForTheOneThatBeganBeforeIt) {
  QueueFixture fx;
  fx.plan(10, 1);
  fx.plan(11, 2);
  fx.finish(11, "_Z5scalePii", 0x200);
  EXPECT_EQ(std::ifstream(fx.path).good(), false) << "nothing written while the first is running";
  fx.finish(10, "_Z4fillPii", 0x100);
  reference::Trace t = fx.read();
  ASSERT_EQ(t.launches.size(), 2u);
  EXPECT_EQ(t.launches[0].kernel, "_Z4fillPii");
  EXPECT_EQ(t.launches[1].after, (std::vector<uint64_t>{0}));
  EXPECT_EQ(rules(t), std::vector<std::string>{});
}

TEST(TraceQueue, LaunchesLeftOutOrStillRunningAtExitAreNotNamed) {
  QueueFixture fx;
  fx.plan(10, 1);
  fx.plan(11, 2);
  fx.plan(12, 3);
  fx.queue.drop(10); // too many events
  fx.finish(12, "_Z4fillPii", 0x300);
  fx.queue.close(fx.error); // 11 never ended
  reference::Trace t = fx.read();
  ASSERT_EQ(t.launches.size(), 1u);
  EXPECT_EQ(t.launches[0].id, 0u);
  EXPECT_TRUE(t.launches[0].after.empty());
}
