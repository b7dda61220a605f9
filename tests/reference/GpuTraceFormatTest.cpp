// The trace `warpcheck run --trace` writes (runtime/common/TraceWriter) is
// what the reference checker reads: events as the GPU makes them, written
// and parsed back, give the model's verdicts.
#include "runtime/common/TraceWriter.h"
#include "runtime/reference/Findings.h"
#include "runtime/reference/TraceParser.h"
#include <cstdio>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <unistd.h>

using namespace warpcheck;
using patch::TraceEvent;

namespace {

TraceEvent event(uint8_t kind, uint32_t block, uint32_t thread, uint64_t pc, uint64_t address = 0, uint32_t aux = 4,
                 uint8_t sem = patch::kSemPlain, uint8_t scope = patch::kScopeGpu,
                 uint8_t space = patch::kSpaceGlobal) {
  return TraceEvent{address, pc, block, thread, kind, space, sem, scope, aux};
}

// Message passing from block 0 to block 1 through a flag, as the patches
// record it: the writer's fence comes as an event before its flag store.
std::vector<TraceEvent> messagePassing(bool writerFence) {
  std::vector<TraceEvent> e;
  e.push_back(event(patch::kTraceWrite, 0, 0, 0x100, 0x1000));
  if (writerFence) e.push_back(event(patch::kTraceFence, 0, 0, 0x110, 0, 0, patch::kSemSc));
  e.push_back(event(patch::kTraceRmw, 0, 0, 0x110, 0x2000, 4, patch::kSemRelaxed));
  e.push_back(event(patch::kTraceRead, 1, 0, 0x200, 0x2000, 4, patch::kSemRelaxed));
  e.push_back(event(patch::kTraceFence, 1, 0, 0x210, 0, 0, patch::kSemSc));
  e.push_back(event(patch::kTraceRead, 1, 0, 0x210, 0x1000));
  e.push_back(event(patch::kTraceExit, 0, 0, 0x300));
  e.push_back(event(patch::kTraceExit, 1, 0, 0x300));
  return e;
}

std::vector<std::string> verdict(const std::vector<std::vector<TraceEvent>> &launches,
                                 const std::vector<std::vector<int>> &after, const run::IndexedCode &code = {}) {
  std::string path = "/tmp/warpcheck-gputrace-" + std::to_string(getpid()) + ".jsonl";
  {
    run::TraceWriter writer(path, 16);
    for (size_t i = 0; i < launches.size(); ++i) {
      std::string error;
      EXPECT_EQ(writer.write("_Z1kPi", {2, 1, 1}, {32, 1, 1}, after[i], launches[i], error, code), (int)i) << error;
    }
  }
  std::ifstream in(path);
  reference::Trace trace = reference::parseTrace(in, path);
  std::remove(path.c_str());
  std::vector<std::string> rules;
  for (const reference::Finding &f : reference::checkTrace(trace, {})) rules.push_back(f.rule);
  return rules;
}

} // namespace

TEST(GpuTraceFormat, FencedMessagePassingIsOrdered) {
  EXPECT_EQ(verdict({messagePassing(true)}, {{}}), std::vector<std::string>{});
}

TEST(GpuTraceFormat, MessagePassingWithoutTheWritersFenceIsFenceMissing) {
  EXPECT_EQ(verdict({messagePassing(false)}, {{}}), std::vector<std::string>{"fence-missing"});
}

TEST(GpuTraceFormat, BarriersSyncwarpsAndSharedAccessesParse) {
  std::vector<TraceEvent> e;
  for (uint32_t t = 0; t < 32; ++t)
    e.push_back(event(patch::kTraceWrite, 0, t, 0x100, 4 * t, 4, patch::kSemPlain, patch::kScopeCta, patch::kSpaceShared));
  for (uint32_t t = 0; t < 32; ++t) e.push_back(event(patch::kTraceSyncwarp, 0, t, 0x110, 0, 0xffffffffu));
  for (uint32_t t = 0; t < 32; ++t)
    e.push_back(event(patch::kTraceRead, 0, t, 0x120, 4 * ((t + 1) % 32), 4, patch::kSemPlain, patch::kScopeCta,
                      patch::kSpaceShared));
  for (uint32_t t = 0; t < 32; ++t) e.push_back(event(patch::kTraceBarrier, 0, t, 0x130, 0, 0));
  for (uint32_t t = 0; t < 32; ++t) e.push_back(event(patch::kTraceExit, 0, t, 0x140));
  EXPECT_EQ(verdict({e}, {{}}), std::vector<std::string>{});
}

TEST(GpuTraceFormat, LaunchesWithoutAnOrderingEdgeRace) {
  std::vector<TraceEvent> first = {event(patch::kTraceWrite, 0, 0, 0x100, 0x1000), event(patch::kTraceExit, 0, 0, 0x110)};
  EXPECT_EQ(verdict({first, first}, {{}, {}}), std::vector<std::string>{"race-global"});
  EXPECT_EQ(verdict({first, first}, {{}, {0}}), std::vector<std::string>{});
}

TEST(GpuTraceFormat, EveryKindHasALine) {
  for (uint8_t k = patch::kTraceRead; k <= patch::kTraceCpMbarArrive; ++k)
    EXPECT_FALSE(run::traceLine(0, event(k, 0, 0, 0x10)).empty()) << (int)k;
  EXPECT_TRUE(run::traceLine(0, event(0, 0, 0, 0x10)).empty());
}

// The patches write the fences before a __syncthreads() after its event
// (at the barrier's pc): the writer puts them back before it. Left after
// it, thread 1 would move on before thread 0 arrived and read the shared
// word unordered.
std::vector<TraceEvent> fenceThenBarrier() {
  std::vector<TraceEvent> e;
  for (uint32_t t = 2; t < 32; ++t) e.push_back(event(patch::kTraceExit, 0, t, 0x300));
  auto shared = [](uint8_t kind, uint32_t t, uint64_t pc) {
    return event(kind, 0, t, pc, 0, 4, patch::kSemPlain, patch::kScopeCta, patch::kSpaceShared);
  };
  e.push_back(event(patch::kTraceBarrier, 0, 1, 0x200, 0, 0));
  e.push_back(event(patch::kTraceFence, 0, 1, 0x200, 0, 0, patch::kSemSc));
  e.push_back(shared(patch::kTraceWrite, 0, 0x100));
  e.push_back(event(patch::kTraceBarrier, 0, 0, 0x200, 0, 0));
  e.push_back(event(patch::kTraceFence, 0, 0, 0x200, 0, 0, patch::kSemSc));
  e.push_back(shared(patch::kTraceRead, 1, 0x210));
  return e;
}

TEST(GpuTraceFormat, FencesBeforeABarrierGoBeforeItsEvent) {
  EXPECT_EQ(verdict({fenceThenBarrier()}, {{}}), std::vector<std::string>{});
  std::vector<TraceEvent> e = fenceThenBarrier();
  std::vector<const TraceEvent *> order = run::traceOrder(e);
  ASSERT_EQ(order.size(), e.size());
  EXPECT_EQ(order[30], &e[31]); // thread 1's fence, then its barrier
  EXPECT_EQ(order[31], &e[30]);
  EXPECT_EQ(order[33], &e[34]); // thread 0's
  EXPECT_EQ(order[34], &e[33]);
}

TEST(GpuTraceFormat, OtherFencesKeepTheirPlace) {
  // A fence at another pc after the barrier (before a global access) ran
  // after it.
  std::vector<TraceEvent> e = {event(patch::kTraceBarrier, 0, 0, 0x200, 0, 0),
                               event(patch::kTraceFence, 0, 1, 0x200, 0, 0, patch::kSemSc),
                               event(patch::kTraceFence, 0, 0, 0x210, 0, 0, patch::kSemSc),
                               event(patch::kTraceFence, 0, 0, 0x200, 0, 0, patch::kSemSc)};
  std::vector<const TraceEvent *> order = run::traceOrder(e);
  ASSERT_EQ(order.size(), e.size());
  for (size_t i = 0; i < e.size(); ++i) EXPECT_EQ(order[i], &e[i]) << i;
}

// A callee's fence is not in the trace (the SASS index covers the launched
// function only): block 0 writes data at 0x100 and publishes through a
// helper that fences and sets the flag at 0x900, outside the kernel's
// indexed code [0x100, 0x400). The detector takes the callee as releasing;
// so does the trace, with a `release` fence before the callee's access.
std::vector<TraceEvent> calleePublish(uint64_t dataPc, uint64_t flagPc) {
  std::vector<TraceEvent> e;
  e.push_back(event(patch::kTraceWrite, 0, 0, dataPc, 0x1000));
  e.push_back(event(patch::kTraceRmw, 0, 0, flagPc, 0x2000, 4, patch::kSemRelaxed));
  e.push_back(event(patch::kTraceRead, 1, 0, 0x200, 0x2000, 4, patch::kSemRelaxed));
  e.push_back(event(patch::kTraceFence, 1, 0, 0x210, 0, 0, patch::kSemSc));
  e.push_back(event(patch::kTraceRead, 1, 0, 0x210, 0x1000));
  return e;
}

TEST(GpuTraceFormat, ACalleesAccessesComeAfterAnAssumedRelease) {
  run::IndexedCode kernel{0x100, 0x30};
  EXPECT_EQ(verdict({calleePublish(0x100, 0x900)}, {{}}, kernel), std::vector<std::string>{});
  // Without an index nothing is assumed; and a flag set in the kernel
  // itself with no fence stays fence-missing.
  EXPECT_EQ(verdict({calleePublish(0x100, 0x900)}, {{}}), std::vector<std::string>{"fence-missing"});
  EXPECT_EQ(verdict({calleePublish(0x100, 0x110)}, {{}}, kernel), std::vector<std::string>{"fence-missing"});
}

TEST(GpuTraceFormat, TheFirstAccessAfterACalleesComesAfterAnAssumedRelease) {
  // The data written in the callee, the flag set by the kernel after it
  // returned: the detector counts the callee's writes as released.
  run::IndexedCode kernel{0x100, 0x30};
  EXPECT_EQ(verdict({calleePublish(0x900, 0x110)}, {{}}, kernel), std::vector<std::string>{});
  std::vector<TraceEvent> e = run::withAssumedReleases(calleePublish(0x900, 0x110), kernel);
  ASSERT_EQ(e.size(), 7u);
  for (size_t i : {0, 2}) {
    EXPECT_EQ(e[i].kind, patch::kTraceFence) << i;
    EXPECT_EQ(e[i].sem, patch::kSemRelease) << i;
    EXPECT_EQ(run::traceLine(0, e[i]), "{\"l\":0,\"b\":0,\"t\":0,\"k\":\"fence\",\"pc\":" +
                                           std::to_string(e[i + 1].pc) + ",\"sem\":\"release\",\"sc\":\"gpu\"}");
  }
  // Thread 1 of block 1 made no callee access: nothing added for it.
  EXPECT_EQ(e[4].kind, patch::kTraceRead);
}

TEST(GpuTraceFormat, AnAcquireFenceIsWrittenAsOne) {
  EXPECT_EQ(run::traceLine(0, event(patch::kTraceFence, 0, 0, 0x10, 0, 0, patch::kSemAcquire)),
            "{\"l\":0,\"b\":0,\"t\":0,\"k\":\"fence\",\"pc\":16,\"sem\":\"acquire\",\"sc\":\"gpu\"}");
}

TEST(GpuTraceFormat, MallocIsWrittenAndEndsTheBytesHistory) {
  EXPECT_EQ(run::traceLine(0, event(patch::kTraceMalloc, 1, 2, 0x10, 0x4000, 64)),
            "{\"l\":0,\"b\":1,\"t\":2,\"k\":\"malloc\",\"pc\":16,\"a\":16384,\"n\":64,\"sp\":\"g\"}");
  // Block 0 uses heap memory, block 1 gets it from malloc() after it was freed.
  std::vector<TraceEvent> e = {event(patch::kTraceMalloc, 0, 0, 0x100, 0x4000, 64),
                               event(patch::kTraceWrite, 0, 0, 0x110, 0x4000),
                               event(patch::kTraceMalloc, 1, 0, 0x100, 0x4000, 64),
                               event(patch::kTraceWrite, 1, 0, 0x110, 0x4000)};
  EXPECT_EQ(verdict({e}, {{}}), std::vector<std::string>{});
  e.erase(e.begin() + 2);
  EXPECT_EQ(verdict({e}, {{}}), std::vector<std::string>{"race-global"});
}

TEST(GpuTraceFormat, ABarrierAfterACalleesAccessComesAfterAnAssumedRelease) {
  // As the detector's barrier callback: only a barrier of the kernel's own
  // code (a callee's has no fences looked up).
  run::IndexedCode kernel{0x100, 0x30};
  auto kinds = [&](uint64_t barrierPc) {
    std::vector<TraceEvent> e = run::withAssumedReleases(
        {event(patch::kTraceWrite, 0, 0, 0x900, 0x1000), event(patch::kTraceBarrier, 0, 0, barrierPc, 0, 0)}, kernel);
    std::string k;
    for (const TraceEvent &x : e) k += x.kind == patch::kTraceFence ? "f" : x.kind == patch::kTraceBarrier ? "b" : "w";
    return k;
  };
  EXPECT_EQ(kinds(0x120), "fwfb");
  EXPECT_EQ(kinds(0x950), "fwb");
}

TEST(GpuTraceFormat, AsynchronousCopiesAreWrittenAndChecked) {
  auto shared = [](uint8_t kind, uint32_t t, uint64_t pc, uint64_t address = 0, uint32_t aux = 16) {
    return event(kind, 0, t, pc, address, aux, patch::kSemPlain, patch::kScopeCta, patch::kSpaceShared);
  };
  EXPECT_EQ(run::traceLine(0, shared(patch::kTraceCpAsync, 2, 0x10, 64)),
            "{\"l\":0,\"b\":0,\"t\":2,\"k\":\"cp_async\",\"pc\":16,\"a\":64,\"n\":16,\"sp\":\"s\"}");
  EXPECT_EQ(run::traceLine(0, event(patch::kTraceCpWait, 0, 2, 0x10, 0, 1)),
            "{\"l\":0,\"b\":0,\"t\":2,\"k\":\"cp_wait\",\"pc\":16,\"x\":1}");
  EXPECT_EQ(run::traceLine(0, event(patch::kTraceCpCommit, 0, 2, 0x10)),
            "{\"l\":0,\"b\":0,\"t\":2,\"k\":\"cp_commit\",\"pc\":16}");
  EXPECT_EQ(run::traceLine(0, shared(patch::kTraceCpMbarArrive, 2, 0x10, 512)),
            "{\"l\":0,\"b\":0,\"t\":2,\"k\":\"cp_mbar_arrive\",\"pc\":16,\"a\":512,\"sp\":\"s\"}");
  // Thread 0 copies into s[0..15] and reads it, waiting for the copy first
  // or not (async_read_before_wait_bug / _fixed).
  auto readAfter = [&](bool waits) {
    std::vector<TraceEvent> e = {shared(patch::kTraceCpAsync, 0, 0x100), event(patch::kTraceCpCommit, 0, 0, 0x110)};
    if (waits) e.push_back(event(patch::kTraceCpWait, 0, 0, 0x120, 0, 0));
    e.push_back(shared(patch::kTraceRead, 0, 0x130, 0, 4));
    return e;
  };
  EXPECT_EQ(verdict({readAfter(false)}, {{}}), std::vector<std::string>{"race-shared"});
  EXPECT_EQ(verdict({readAfter(true)}, {{}}), std::vector<std::string>{});
}
