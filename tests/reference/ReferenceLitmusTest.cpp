// Litmus tests of the run memory model (docs/run-memory-model.md) on the
// reference checker: each a few events with the expected verdict.
#include <set>
#include "LitmusHelpers.h"
#include "instrument/PatchState.h"
#include <gtest/gtest.h>

using namespace warpcheck::reference;
using namespace warpcheck::reference::test;

namespace {

constexpr int kData = 0, kFlag = 64, kLock = 128, kCounter = 192;

// Message passing from thread `wt` of block `wb` to thread `rt` of block
// `rb`: data; fence; flag || flag; fence; data. Empty scope: no fence.
std::string messagePassing(int wb, int wt, int rb, int rt, const std::string &writerFence,
                           const std::string &readerFence, int blocks = 2, int threads = 1) {
  return header(0, blocks, threads) +                              //
         access(wb, wt, "w", kData, "plain", "", 10) +             // data = 42
         fence(wb, wt, writerFence, 11) +                          // __threadfence()
         access(wb, wt, "w", kFlag, "relaxed", "gpu", 12) +        // flag = 1 (atomic)
         access(rb, rt, "r", kFlag, "relaxed", "gpu", 20) +        // sees flag == 1
         fence(rb, rt, readerFence, 21) +                          // __threadfence()
         access(rb, rt, "r", kData, "plain", "", 22);              // reads data
}

} // namespace

TEST(ReferenceLitmus, MessagePassingAcrossBlocksWithGpuFencesIsOrdered) {
  EXPECT_EQ(verdict(messagePassing(0, 0, 1, 0, "gpu", "gpu")), V{});
}

TEST(ReferenceLitmus, MessagePassingWithoutEitherFenceIsFenceMissing) {
  EXPECT_EQ(verdict(messagePassing(0, 0, 1, 0, "", "gpu")), V{"fence-missing/inter-block"});
  EXPECT_EQ(verdict(messagePassing(0, 0, 1, 0, "gpu", "")), V{"fence-missing/inter-block"});
  EXPECT_EQ(verdict(messagePassing(0, 0, 1, 0, "", "")), V{"fence-missing/inter-block"});
}

TEST(ReferenceLitmus, MessagePassingWithABlockFenceOnEitherSideIsScopeTooNarrow) {
  EXPECT_EQ(verdict(messagePassing(0, 0, 1, 0, "cta", "gpu")), V{"scope-too-narrow/inter-block"});
  EXPECT_EQ(verdict(messagePassing(0, 0, 1, 0, "gpu", "cta")), V{"scope-too-narrow/inter-block"});
}

TEST(ReferenceLitmus, MessagePassingWithinOneBlockWithBlockFencesIsOrdered) {
  EXPECT_EQ(verdict(messagePassing(0, 0, 0, 32, "cta", "cta", 1, 64)), V{});
  // ... and without them it is not.
  EXPECT_EQ(verdict(messagePassing(0, 0, 0, 32, "", "", 1, 64)), V{"fence-missing/inter-warp"});
}

TEST(ReferenceLitmus, ReleaseAcquireAtomicsNeedNoFencesButTheirScopeMustReach) {
  auto mp = [](const std::string &scope) {
    return header(0, 2, 1) + access(0, 0, "w", kData, "plain", "", 10) +
           access(0, 0, "w", kFlag, "release", scope, 12) + access(1, 0, "r", kFlag, "acquire", "gpu", 20) +
           access(1, 0, "r", kData, "plain", "", 22);
  };
  EXPECT_EQ(verdict(mp("gpu")), V{});
  EXPECT_EQ(verdict(mp("sys")), V{});
  // A block-scope release does not reach block 1; the flag pair is also
  // not morally strong (the cta store's scope excludes the reader).
  EXPECT_EQ(verdict(mp("cta")), (V{"scope-too-narrow/inter-block", "scope-too-narrow/inter-block"}));
}

TEST(ReferenceLitmus, StoreBufferingRacesOnlyWithPlainAccesses) {
  auto sb = [](const std::string &sem, const std::string &sc) {
    return header(0, 2, 1) + access(0, 0, "w", 0, sem, sc, 10) + access(1, 0, "w", 4, sem, sc, 20) +
           fence(0, 0, "gpu", 11) + fence(1, 0, "gpu", 21) + access(0, 0, "r", 4, sem, sc, 12) +
           access(1, 0, "r", 0, sem, sc, 22);
  };
  EXPECT_EQ(verdict(sb("relaxed", "gpu")), V{}) << "morally strong atomics never race";
  EXPECT_EQ(verdict(sb("plain", "")), (V{"race-global/inter-block", "race-global/inter-block"}))
      << "fences do not order plain accesses with no flag between them";
}

namespace {

struct LockStyle {
  std::string lockScope = "gpu";    // scope of atomicCAS / atomicExch
  std::string acquireFence = "gpu"; // fence after taking the lock ("" none)
  std::string releaseFence = "gpu"; // fence before releasing it ("" none)
  bool plainRelease = false;        // `*lock = 0;` instead of atomicExch
};

// Thread `t` of block `b` takes the lock, increments a plain counter,
// releases the lock.
std::string criticalSection(int b, int t, const LockStyle &s) {
  return access(b, t, "rmw", kLock, "relaxed", s.lockScope, 10) + // while (atomicCAS(lock, 0, 1)) {}
         fence(b, t, s.acquireFence, 11) +                        // __threadfence()
         access(b, t, "r", kCounter, "plain", "", 12) +           // (*counter)++
         access(b, t, "w", kCounter, "plain", "", 13) +           //
         fence(b, t, s.releaseFence, 14) +                        // __threadfence()
         (s.plainRelease ? access(b, t, "w", kLock, "plain", "", 15)
                         : access(b, t, "rmw", kLock, "relaxed", s.lockScope, 15)); // atomicExch(lock, 0)
}

std::string lockHandOff(const LockStyle &s, bool sameBlock = false) {
  return header(0, sameBlock ? 1 : 2, sameBlock ? 64 : 1) + criticalSection(0, 0, s) +
         (sameBlock ? criticalSection(0, 32, s) : criticalSection(1, 0, s));
}

std::vector<std::string> rulesOnly(const std::string &trace) {
  std::vector<std::string> v;
  for (const auto &f : findingsOf(trace))
    v.push_back(f.rule);
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

} // namespace

TEST(ReferenceLitmus, LockHandOffWithFencesIsOrdered) {
  EXPECT_EQ(verdict(lockHandOff({})), V{});
}

TEST(ReferenceLitmus, LockWithoutTheAcquireOrReleaseFenceIsFenceMissing) {
  LockStyle noAcquire;
  noAcquire.acquireFence = "";
  EXPECT_EQ(rulesOnly(lockHandOff(noAcquire)), V{"fence-missing"});
  LockStyle noRelease;
  noRelease.releaseFence = "";
  EXPECT_EQ(rulesOnly(lockHandOff(noRelease)), V{"fence-missing"});
  // The counter's read and write race with the next holder's: three event
  // pairs, two pc pairs ({13,13} and {12,13}).
  auto f = findingsOf(lockHandOff(noRelease));
  ASSERT_EQ(f.size(), 2u);
  EXPECT_EQ(f[0].count + f[1].count, 3u);
}

TEST(ReferenceLitmus, LockReleasedByAPlainStoreIsARace) {
  LockStyle plain;
  plain.plainRelease = true;
  auto v = verdict(lockHandOff(plain));
  ASSERT_FALSE(v.empty());
  for (const auto &r : v)
    EXPECT_EQ(r, "race-global/inter-block");
  // The lock word itself: the plain store and the next CAS.
  bool lockPair = false;
  auto trace = parseTraceText(lockHandOff(plain));
  for (const auto &f : findingsOf(lockHandOff(plain))) {
    uint64_t a = trace.events[f.first].pc, b = trace.events[f.second].pc;
    lockPair |= std::min(a, b) == 10 && std::max(a, b) == 15;
  }
  EXPECT_TRUE(lockPair);
}

TEST(ReferenceLitmus, BlockScopeLockIsScopeTooNarrowAcrossBlocksAndFineWithinOne) {
  LockStyle block;
  block.lockScope = "cta";
  EXPECT_EQ(rulesOnly(lockHandOff(block)), V{"scope-too-narrow"});
  LockStyle blockFences = block;
  blockFences.acquireFence = blockFences.releaseFence = "cta";
  EXPECT_EQ(verdict(lockHandOff(blockFences, /*sameBlock=*/true)), V{});
  EXPECT_EQ(verdict(lockHandOff(block, /*sameBlock=*/true)), V{});
}

TEST(ReferenceLitmus, TransitiveChainThroughABlockThenADeviceReleaseIsOrdered) {
  // Block 0: thread 0 -> thread 32 with cta release/acquire; then thread
  // 32 -> block 1 with gpu release/acquire. Block 1 reads thread 0's data.
  std::string t = header(0, 2, 64) + access(0, 0, "w", kData, "plain", "", 10) +
                  access(0, 0, "w", kFlag, "release", "cta", 11) +
                  access(0, 32, "r", kFlag, "acquire", "cta", 20) +
                  access(0, 32, "w", kFlag + 4, "release", "gpu", 21) +
                  access(1, 0, "r", kFlag + 4, "acquire", "gpu", 30) + access(1, 0, "r", kData, "plain", "", 31);
  EXPECT_EQ(verdict(t), V{});
}

namespace {
// Issue 19, situation 3: block-scope atomics on one word, each ordered by a
// chain of device-scope release/acquire patterns through a flag.
std::string issueSituation3(bool middleFence) {
  constexpr int kWord = 256;
  return header(0, 2, 64) +                                        //
         access(0, 0, "rmw", kWord, "relaxed", "cta", 10) +        // atomicExch_block(word)
         fence(0, 0, "cta", 11) +                                  // __threadfence_block()
         access(0, 0, "w", kFlag, "relaxed", "gpu", 12) +          // flag = 1
         access(0, 32, "r", kFlag, "relaxed", "gpu", 20) +         // sees flag == 1
         access(0, 32, "rmw", kWord, "relaxed", "gpu", 21) +       // atomicExch(word)
         fence(0, 32, middleFence ? "gpu" : "", 22) +              // __threadfence()
         access(0, 32, "w", kFlag, "relaxed", "gpu", 23) +         // flag = 2
         access(1, 0, "r", kFlag, "relaxed", "gpu", 30) +          // sees flag == 2
         fence(1, 0, "gpu", 31) +                                  // __threadfence()
         access(1, 0, "rmw", kWord, "relaxed", "cta", 32);         // atomicExch_block(word)
}
} // namespace

TEST(ReferenceLitmus, IssueSituation3TransitiveOrderingAcrossScopesIsOrdered) {
  EXPECT_EQ(verdict(issueSituation3(true)), V{});
}

TEST(ReferenceLitmus, IssueSituation3WithoutTheMiddleFenceIsNotOrdered) {
  // Thread 32's acquire of block 0's first exchange (and its release to
  // block 1) needs its fence: without it block 1's block-scope exchange
  // races with both earlier ones. Device-scope exchanges would be morally
  // strong with each other and never race, hence scope-too-narrow.
  auto v = verdict(issueSituation3(false));
  EXPECT_EQ(v, (V{"scope-too-narrow/inter-block", "scope-too-narrow/inter-block"}));
}

namespace {
// Warp 0 (threads 0-31) produces shared data for warp 1 (32-63) through
// named barrier 1 with 64 threads: producers bar.arrive, consumers bar.sync.
std::string namedBarrier(bool producersArrive) {
  std::string t = header(0, 1, 64);
  for (int p = 0; p < 32; ++p) {
    t += access(0, p, "w", p * 4, "plain", "", 10, "s");
    if (producersArrive)
      t += sync(0, p, "arrive", (1 << 16) | 64, 11);
  }
  for (int c = 32; c < 64; ++c)
    t += sync(0, c, "bar", (1 << 16) | 64, 20);
  for (int c = 32; c < 64; ++c)
    t += access(0, c, "r", (c - 32) * 4, "plain", "", 21, "s");
  return t;
}
} // namespace

TEST(ReferenceLitmus, NamedBarrierArriveReleasesToTheSyncThatCompletesThePhase) {
  EXPECT_EQ(verdict(namedBarrier(true)), V{});
}

TEST(ReferenceLitmus, NamedBarrierWithoutTheArriveIsARaceShared) {
  auto f = findingsOf(namedBarrier(false));
  ASSERT_EQ(f.size(), 1u) << "32 pairs, one pc pair";
  EXPECT_EQ(f[0].rule, "race-shared");
  EXPECT_EQ(f[0].relation, "inter-warp");
  EXPECT_EQ(f[0].severity, "error");
  EXPECT_EQ(f[0].count, 32u);
}

TEST(ReferenceLitmus, SyncthreadsOrdersTheWholeBlockAndExitedThreadsDoNotBlockIt) {
  std::string t = header(0, 1, 4) + sync(0, 3, "exit", 0, 5);
  for (int i = 0; i < 3; ++i)
    t += access(0, i, "w", i * 4, "plain", "", 10, "s");
  for (int i = 0; i < 3; ++i)
    t += sync(0, i, "bar", 0, 11);
  for (int i = 0; i < 3; ++i)
    t += access(0, i, "r", ((i + 1) % 3) * 4, "plain", "", 12, "s");
  EXPECT_EQ(verdict(t), V{});
  // Without the barrier: the same reads race (one pc pair).
  std::string racy = header(0, 1, 3);
  for (int i = 0; i < 3; ++i)
    racy += access(0, i, "w", i * 4, "plain", "", 10, "s");
  for (int i = 0; i < 3; ++i)
    racy += access(0, i, "r", ((i + 1) % 3) * 4, "plain", "", 12, "s");
  auto f = findingsOf(racy);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].rule, "race-shared");
  EXPECT_EQ(f[0].severity, "warning") << "lanes of one warp: a __syncwarp() is enough";
  EXPECT_EQ(f[0].relation, "intra-warp");
}

TEST(ReferenceLitmus, SyncwarpWithLiveLanesMissingIsInactiveLaneAndOrdersOnlyParticipants) {
  std::string t = header(0, 1, 32);
  for (int l = 0; l < 32; ++l)
    t += access(0, l, "w", l * 4, "plain", "", 10, "s"); // s[lane] = ...
  for (int l = 0; l < 16; ++l)
    t += sync(0, l, "syncwarp", 0xffffffffu, 11); // if (lane < 16) __syncwarp();
  t += access(0, 15, "r", 16 * 4, "plain", "", 12, "s"); // lane 15 reads s[16]
  for (int l = 16; l < 32; ++l)
    t += sync(0, l, "exit", 0, 13);
  EXPECT_EQ(verdict(t), (V{"race-shared/intra-warp", "warp-mask-inactive-lane"}));
  for (const auto &f : findingsOf(t))
    if (f.rule == "warp-mask-inactive-lane")
      EXPECT_EQ(f.missingLanes, 0xffff0000u);
}

TEST(ReferenceLitmus, SyncwarpWithTheOtherLanesExitedIsFine) {
  std::string t = header(0, 1, 32);
  for (int l = 16; l < 32; ++l)
    t += sync(0, l, "exit", 0, 5); // if (lane >= 16) return;
  for (int l = 0; l < 16; ++l)
    t += access(0, l, "w", l * 4, "plain", "", 10, "s");
  for (int l = 0; l < 16; ++l)
    t += sync(0, l, "syncwarp", 0xffffffffu, 11);
  t += access(0, 15, "r", 0, "plain", "", 12, "s"); // lane 15 reads s[0]
  EXPECT_EQ(verdict(t), V{});
}

TEST(ReferenceLitmus, VolatileStoresOfTwoBlocksAreAVolatileFindingUnlessPtxReading) {
  std::string t = header(0, 2, 1) + access(0, 0, "w", kFlag, "volatile", "", 10) +
                  access(1, 0, "w", kFlag, "volatile", "", 20);
  EXPECT_EQ(verdict(t), V{"race-volatile/inter-block"});
  EXPECT_EQ(findingsOf(t)[0].severity, "warning");
  EXPECT_EQ(verdict(t, /*ptx=*/true), V{});
  // A volatile store and an atomicExch of another block: the same.
  std::string mixed = header(0, 2, 1) + access(0, 0, "w", kFlag, "volatile", "", 10) +
                      access(1, 0, "rmw", kFlag, "relaxed", "gpu", 20);
  EXPECT_EQ(verdict(mixed), V{"race-volatile/inter-block"});
  EXPECT_EQ(verdict(mixed, true), V{});
}

TEST(ReferenceLitmus, VolatileFlagWithFencesOrdersTheDataAndIsReportedOnTheFlagOnly) {
  std::string t = header(0, 2, 1) + access(0, 0, "w", kData, "plain", "", 10) + fence(0, 0, "gpu", 11) +
                  access(0, 0, "w", kFlag, "volatile", "", 12) + // *(volatile int*)flag = 1
                  access(1, 0, "r", kFlag, "volatile", "", 20) + fence(1, 0, "gpu", 21) +
                  access(1, 0, "r", kData, "plain", "", 22);
  auto f = findingsOf(t);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].rule, "race-volatile");
  auto trace = parseTraceText(t);
  EXPECT_EQ(trace.events[f[0].first].pc, 12u);
  EXPECT_EQ(trace.events[f[0].second].pc, 20u);
  EXPECT_EQ(verdict(t, true), V{});
  // Without the writer's fence the data is not ordered in either reading.
  std::string unfenced = header(0, 2, 1) + access(0, 0, "w", kData, "plain", "", 10) +
                         access(0, 0, "w", kFlag, "volatile", "", 12) +
                         access(1, 0, "r", kFlag, "volatile", "", 20) + fence(1, 0, "gpu", 21) +
                         access(1, 0, "r", kData, "plain", "", 22);
  EXPECT_EQ(verdict(unfenced, true), V{"fence-missing/inter-block"});
}

TEST(ReferenceLitmus, AVolatilePollRacesWithArrivalsMadeAfterWhatItsThreadAcquired) {
  // A grid barrier polled through volatile (tests/gpu/
  // grid_barrier_volatile_poll_bug): block 1 fences and adds to a total,
  // block 0 adds to it too and fences (it acquired block 1's addition), then
  // fences, arrives and polls the arrival counter; block 1 arrives after
  // that. What block 0 acquired was made before block 1's arrival: the poll
  // and the arrival are unordered, a volatile access against an atomic. The
  // same barrier polled with relaxed device-scope loads is clean.
  auto barrier = [](const std::string &pollSem, const std::string &pollScope) {
    return header(0, 2, 1) + fence(1, 0, "gpu", 9) + access(1, 0, "rmw", kCounter, "relaxed", "gpu", 10) +
           access(0, 0, "rmw", kCounter, "relaxed", "gpu", 10) + fence(0, 0, "gpu", 11) +
           fence(0, 0, "gpu", 19) + access(0, 0, "rmw", kFlag, "relaxed", "gpu", 20) + // atomicAdd(arrived, 1)
           access(0, 0, "r", kFlag, pollSem, pollScope, 21) +                          // sees 1 of 2
           fence(1, 0, "gpu", 19) + access(1, 0, "rmw", kFlag, "relaxed", "gpu", 20) +
           access(0, 0, "r", kFlag, pollSem, pollScope, 21) + fence(0, 0, "gpu", 22) +  // sees 2
           access(1, 0, "r", kFlag, pollSem, pollScope, 21) + fence(1, 0, "gpu", 22);
  };
  auto f = findingsOf(barrier("volatile", ""));
  ASSERT_FALSE(f.empty());
  for (const Finding &x : f) EXPECT_EQ(x.rule, "race-volatile");
  auto trace = parseTraceText(barrier("volatile", ""));
  for (const Finding &x : f) // an arrival and a poll, in either order
    EXPECT_EQ(trace.events[x.first].pc + trace.events[x.second].pc, 41u);
  EXPECT_EQ(verdict(barrier("relaxed", "gpu")), V{});
}

TEST(ReferenceLitmus, LaunchesWithoutAnAfterEdgeRaceAndWithOneAreOrdered) {
  auto twoLaunches = [](const std::string &after) {
    return header(0, 1, 1) + header(1, 1, 1, after) + access(0, 0, "w", kData, "plain", "", 10, "g", 0) +
           access(0, 0, "w", kData, "plain", "", 10, "g", 1);
  };
  EXPECT_EQ(verdict(twoLaunches("")), V{"race-global/inter-launch"});
  EXPECT_EQ(verdict(twoLaunches("0")), V{});
  // Ordering is transitive through launches: 0 -> 1 -> 2.
  std::string chain = header(0, 1, 1) + header(1, 1, 1, "0") + header(2, 1, 1, "1") +
                      access(0, 0, "w", kData, "plain", "", 10, "g", 0) +
                      access(0, 0, "r", kFlag, "plain", "", 11, "g", 1) +
                      access(0, 0, "w", kData, "plain", "", 12, "g", 2);
  EXPECT_EQ(verdict(chain), V{});
  // Shared memory of different launches never conflicts.
  std::string shared = header(0, 1, 1) + header(1, 1, 1) + access(0, 0, "w", 0, "plain", "", 10, "s", 0) +
                       access(0, 0, "w", 0, "plain", "", 10, "s", 1);
  EXPECT_EQ(verdict(shared), V{});
}

TEST(ReferenceLitmus, ReleaseSequenceContinuesThroughAnRmwButNotAPlainStore) {
  auto seq = [](const std::string &middleKind, const std::string &middleSem) {
    return header(0, 3, 1) + access(0, 0, "w", kData, "plain", "", 10) +
           access(0, 0, "w", kFlag, "release", "gpu", 11) +        // flag.store(1, release)
           access(1, 0, middleKind, kFlag, middleSem, "gpu", 20) + // atomicAdd(flag, 1) / a store
           access(2, 0, "r", kFlag, "acquire", "gpu", 30) +        // sees block 1's value
           access(2, 0, "r", kData, "plain", "", 31);
  };
  EXPECT_EQ(verdict(seq("rmw", "relaxed")), V{});
  EXPECT_EQ(verdict(seq("w", "relaxed")), V{"race-global/inter-block"});
}

TEST(ReferenceLitmus, PlainAccessAndAnAtomicOfAnotherBlockOnOneWordRace) {
  std::string t = header(0, 2, 1) + access(0, 0, "w", kCounter, "plain", "", 10) +
                  access(1, 0, "rmw", kCounter, "relaxed", "gpu", 20);
  EXPECT_EQ(verdict(t), V{"race-global/inter-block"});
  // Two device-scope atomics never race; two block-scope ones of different
  // blocks are not morally strong.
  std::string atomics = header(0, 2, 1) + access(0, 0, "rmw", kCounter, "relaxed", "gpu", 10) +
                        access(1, 0, "rmw", kCounter, "relaxed", "gpu", 20);
  EXPECT_EQ(verdict(atomics), V{});
  std::string blockAtomics = header(0, 2, 1) + access(0, 0, "rmw", kCounter, "relaxed", "cta", 10) +
                             access(1, 0, "rmw", kCounter, "relaxed", "cta", 20);
  EXPECT_EQ(verdict(blockAtomics), V{"scope-too-narrow/inter-block"});
}

TEST(ReferenceLitmus, MbarrierArriveReleasesToTheWaitOfThePhase) {
  auto mbar = [](bool wait) {
    std::string t = header(0, 1, 64) + access(0, 0, "w", 0, "plain", "", 10, "s") +
                    "{\"l\":0,\"b\":0,\"t\":0,\"k\":\"mbar_arrive\",\"a\":512,\"sp\":\"s\",\"pc\":11}\n";
    if (wait)
      t += "{\"l\":0,\"b\":0,\"t\":32,\"k\":\"mbar_wait\",\"a\":512,\"sp\":\"s\",\"pc\":20}\n";
    return t + access(0, 32, "r", 0, "plain", "", 21, "s");
  };
  EXPECT_EQ(verdict(mbar(true)), V{});
  EXPECT_EQ(verdict(mbar(false)), V{"race-shared/inter-warp"});
}

TEST(ReferenceLitmus, FindingsAreDeduplicatedByPcPairWithACount) {
  std::string t = header(0, 4, 1);
  for (int b = 0; b < 4; ++b)
    t += access(b, 0, "w", kData, "plain", "", 10);
  auto f = findingsOf(t);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].count, 6u) << "every pair of the four blocks";
}

TEST(ReferenceLitmus, SpinLockWithFailedAttemptsBetweenHoldersIsOrdered) {
  // Issue 19, situation 1: block 1 spins (failed CASes) while block 0 holds
  // the lock; then takes it after block 0's fenced release.
  std::string t = header(0, 2, 1) + access(0, 0, "rmw", kLock, "relaxed", "gpu", 10) +
                  access(1, 0, "rmw", kLock, "relaxed", "gpu", 10) + // fails: lock held
                  fence(0, 0, "gpu", 11) + access(0, 0, "r", kCounter, "plain", "", 12) +
                  access(0, 0, "w", kCounter, "plain", "", 13) + fence(0, 0, "gpu", 14) +
                  access(1, 0, "rmw", kLock, "relaxed", "gpu", 10) + // fails again
                  access(0, 0, "rmw", kLock, "relaxed", "gpu", 15) + // atomicExch(lock, 0)
                  access(1, 0, "rmw", kLock, "relaxed", "gpu", 10) + // succeeds
                  fence(1, 0, "gpu", 11) + access(1, 0, "r", kCounter, "plain", "", 12) +
                  access(1, 0, "w", kCounter, "plain", "", 13);
  EXPECT_EQ(verdict(t), V{});
}

TEST(ReferenceLitmus, AnAttemptTracedBeforeTheReleaseItReadsIsOrdered) {
  // The GPU writes each event before its instruction runs: the next
  // holder's successful CAS can be traced just before the release it read
  // (seen on block_scope_lock_ok, H200). What a strong read observes is
  // taken at its thread's next event.
  std::string t = header(0, 2, 1) + access(0, 0, "rmw", kLock, "relaxed", "gpu", 10) + fence(0, 0, "gpu", 11) +
                  access(0, 0, "r", kCounter, "plain", "", 12) + access(0, 0, "w", kCounter, "plain", "", 13) +
                  fence(0, 0, "gpu", 14) +
                  access(1, 0, "rmw", kLock, "relaxed", "gpu", 10) + // traced first, runs after the release
                  access(0, 0, "rmw", kLock, "relaxed", "gpu", 15) + // atomicExch(lock, 0)
                  fence(1, 0, "gpu", 11) + access(1, 0, "r", kCounter, "plain", "", 12) +
                  access(1, 0, "w", kCounter, "plain", "", 13);
  EXPECT_EQ(verdict(t), V{});
}

TEST(ReferenceLitmus, LastBlockReadsAfterItsTicketAndABarrierAreOrdered) {
  // The guide's last-block reduction: block 0 stores its partial sum,
  // fences, takes a ticket (atomicInc); block 1's thread 0 takes the last
  // ticket, the block passes __syncthreads() and thread 1 reads the
  // partial sum with no fence. A relaxed strong read then a block-wide
  // barrier acquires (docs/run-memory-model.md): the RMW of the guide, or
  // the `volatile` (relaxed, system-scope) poll of cuBLAS's serial split-K.
  // Without the barrier (thread 0 reading right after its ticket, a lock's
  // atomicCAS without a fence), or with a plain read of the counter, it
  // does not; nor when the writer did not fence.
  auto lastBlock = [](bool barrier, const std::string &ticket, const std::string &order, bool writerFence = true) {
    std::string t = header(0, 2, 2) + access(0, 0, "w", kData, "plain", "", 10);
    if (writerFence)
      t += fence(0, 0, "gpu", 11);
    t += access(0, 0, "rmw", kCounter, "relaxed", "gpu", 12) +
         access(1, 0, ticket, kCounter, order, order == "plain" ? "" : "sys", 12);
    if (barrier)
      t += sync(1, 0, "bar", 0, 13) + sync(1, 1, "bar", 0, 13);
    return t + access(1, barrier ? 1 : 0, "r", kData, "plain", "", 14);
  };
  EXPECT_EQ(verdict(lastBlock(true, "rmw", "relaxed")), V{});
  EXPECT_EQ(verdict(lastBlock(true, "r", "relaxed")), V{});
  EXPECT_EQ(verdict(lastBlock(false, "rmw", "relaxed")), V{"fence-missing/inter-block"});
  EXPECT_EQ(verdict(lastBlock(false, "r", "relaxed")), V{"fence-missing/inter-block"});
  EXPECT_EQ(verdict(lastBlock(true, "r", "relaxed", false)), V{"fence-missing/inter-block"});
  // A plain read of the counter races with the RMW as well.
  EXPECT_NE(verdict(lastBlock(true, "r", "plain")), V{});
}

TEST(ReferenceLitmus, AccessesOutsideTheLockRaceWithTheCriticalSection) {
  LockStyle s;
  // Block 1 writes the counter without taking the lock.
  std::string unlocked = header(0, 2, 1) + criticalSection(0, 0, s) + access(1, 0, "w", kCounter, "plain", "", 30);
  EXPECT_EQ(verdict(unlocked), (V{"race-global/inter-block", "race-global/inter-block"}));
  // Block 1 writes it just after releasing the lock; block 0 then reads it
  // inside its own critical section.
  std::string afterRelease = header(0, 2, 1) + criticalSection(1, 0, s) +
                             access(1, 0, "w", kCounter, "plain", "", 30) + criticalSection(0, 0, s);
  auto v = verdict(afterRelease);
  ASSERT_FALSE(v.empty());
  for (const auto &r : v)
    EXPECT_EQ(r, "race-global/inter-block");
}

TEST(ReferenceLitmus, APcPairRacingInsideAWarpAndAcrossBlocksIsReportedAsAcrossBlocks) {
  // Each thread writes word g (its global index) and reads word g + 1: 63
  // pairs of one pc pair, 62 inside a warp and one across the two blocks.
  std::string t = header(0, 2, 32);
  for (int g = 0; g < 64; ++g)
    t += access(g / 32, g % 32, "w", g * 4, "plain", "", 10);
  for (int g = 0; g < 64; ++g)
    t += access(g / 32, g % 32, "r", (g + 1) * 4, "plain", "", 11);
  auto f = findingsOf(t);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].count, 63u);
  EXPECT_EQ(f[0].relation, "inter-block");
  EXPECT_EQ(f[0].severity, "error");
  auto trace = parseTraceText(t);
  EXPECT_NE(trace.events[f[0].first].block, trace.events[f[0].second].block);
}

TEST(ReferenceLitmus, ASyncwarpStillMissingLanesWhenTheTraceEndsIsReported) {
  std::string t = header(0, 1, 32) + sync(0, 1, "syncwarp", 0x3, 10) + sync(0, 2, "syncwarp", 0xc, 11);
  auto f = findingsOf(t);
  ASSERT_EQ(f.size(), 2u);
  EXPECT_EQ(f[0].rule, "warp-mask-inactive-lane");
  EXPECT_EQ(f[0].missingLanes, 0x1u);
  EXPECT_EQ(f[1].missingLanes, 0x8u);
}

TEST(ReferenceLitmus, LanesThatExitOnlyAfterTheSyncwarpWasCalledAreStillInactive) {
  // Issue 19, situation 8, with the trace order a GPU gives when the
  // syncwarp waits for lanes 16-31 until they exit.
  std::string t = header(0, 1, 32);
  for (int l = 0; l < 32; ++l)
    t += access(0, l, "w", l * 4, "plain", "", 10, "s");
  for (int l = 0; l < 16; ++l)
    t += sync(0, l, "syncwarp", 0xffffffffu, 11);
  for (int l = 16; l < 32; ++l)
    t += sync(0, l, "exit", 0, 13);
  t += access(0, 15, "r", 16 * 4, "plain", "", 12, "s");
  EXPECT_EQ(verdict(t), (V{"race-shared/intra-warp", "warp-mask-inactive-lane"}));
}

TEST(ReferenceLitmus, LanesAtAnotherSyncwarpWithTheSameMaskAreInactiveAtBothCalls) {
  // syncwarp_inactive_lane_bug: if (lane < 16) { __syncwarp(); /*pc 30*/ }
  // else { __syncwarp(); /*pc 20*/ }. Each call names lanes that do not
  // reach it at its program point (rule 4); the hardware releases the two
  // groups together, so they still order each other.
  std::string t = header(0, 1, 32) + access(0, 0, "w", 0, "plain", "", 10, "s");
  for (int l = 16; l < 32; ++l)
    t += sync(0, l, "syncwarp", 0xffffffffu, 20);
  for (int l = 0; l < 16; ++l)
    t += sync(0, l, "syncwarp", 0xffffffffu, 30);
  t += access(0, 16, "r", 0, "plain", "", 40, "s"); // lane 16 reads lane 0's write
  auto f = findingsOf(t);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].rule, "warp-mask-inactive-lane");
  EXPECT_EQ(f[0].missingLanes, 0xffffu);
  auto trace = parseTraceText(t);
  EXPECT_EQ(trace.events[f[0].first].pc, 20u) << "the call whose mask names them";
  EXPECT_EQ(trace.events[f[0].second].pc, 30u) << "the call they made instead";
}

TEST(ReferenceLitmus, ConvergedLanesPassingAnotherMaskAreNonuniformNotInactive) {
  // syncwarp_nonuniform_bug: one __syncwarp(m) (pc 20), m = 0xffffffff for
  // lanes 0-15 and 0xffff0000 for lanes 16-31, in either trace order.
  for (bool fullFirst : {true, false}) {
    std::string full, upper;
    for (int l = 0; l < 16; ++l)
      full += sync(0, l, "syncwarp", 0xffffffffu, 20);
    for (int l = 16; l < 32; ++l)
      upper += sync(0, l, "syncwarp", 0xffff0000u, 20);
    std::string t = header(0, 1, 32) + (fullFirst ? full + upper : upper + full);
    for (int l = 0; l < 32; ++l)
      t += sync(0, l, "exit", 0, 30);
    auto f = findingsOf(t);
    ASSERT_EQ(f.size(), 1u) << (fullFirst ? "lanes 0-15 traced first" : "lanes 16-31 traced first");
    EXPECT_EQ(f[0].rule, "warp-mask-nonuniform");
    EXPECT_EQ(f[0].missingLanes, 0xffff0000u);
  }
}

TEST(ReferenceLitmus, AGroupThatPassedTheCallWithAnotherMaskAndMovedOnIsNonuniform) {
  // syncwarp_nonuniform_diverged_bug: lanes 16-31 pass the one __syncwarp
  // (pc 20) of a helper with 0xffff0000 and go on (a write each) before
  // lanes 0-15 come to it, from the other branch, with 0xffffffff.
  std::string t = header(0, 1, 32);
  for (int l = 16; l < 32; ++l)
    t += sync(0, l, "syncwarp", 0xffff0000u, 20);
  for (int l = 16; l < 32; ++l)
    t += access(0, l, "w", l * 4, "plain", "", 30);
  for (int l = 0; l < 16; ++l)
    t += sync(0, l, "syncwarp", 0xffffffffu, 20);
  for (int l = 0; l < 32; ++l)
    t += sync(0, l, "exit", 0, 40);
  auto f = findingsOf(t);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].rule, "warp-mask-nonuniform");
  EXPECT_EQ(f[0].missingLanes, 0xffff0000u);
}

TEST(ReferenceLitmus, TheCorrespondingCallIsTheOneWithAsManyCallsMadeBeforeIt) {
  // Lanes 16-31 call the __syncwarp at pc 20 twice with 0xffff0000 and
  // move on; lanes 0-15 then make their first call there, with 0xffffffff.
  // Their first call corresponds to lanes 16-31's first (none made before
  // either), which passed another mask: nonuniform, not inactive, however
  // often lanes 16-31 came back to the program point since.
  std::string t = header(0, 1, 32);
  for (int call = 0; call < 2; ++call)
    for (int l = 16; l < 32; ++l)
      t += sync(0, l, "syncwarp", 0xffff0000u, 20);
  for (int l = 16; l < 32; ++l)
    t += access(0, l, "w", l * 4, "plain", "", 30);
  for (int l = 0; l < 16; ++l)
    t += sync(0, l, "syncwarp", 0xffffffffu, 20);
  for (int l = 0; l < 32; ++l)
    t += sync(0, l, "exit", 0, 40);
  auto f = findingsOf(t);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].rule, "warp-mask-nonuniform");
  EXPECT_EQ(f[0].missingLanes, 0xffff0000u);
}

TEST(ReferenceLitmus, ALaneThatRanAheadAloneIsComparedAtEveryCall) {
  // The serialised prefix scan: lane l passes 0xffffffff >> (31 - l) at two
  // calls (pc 20, pc 30) of each of 3 steps; a mask naming only lower lanes
  // lets lane 0 run the whole loop alone, then lane 1, and so on. Every
  // lane after the first names lanes that passed each call with another
  // mask: both program points are nonuniform.
  // Each lane exits before the next one starts, as on the GPU.
  std::string t = header(0, 1, 32);
  for (int l = 0; l < 32; ++l) {
    for (int step = 0; step < 3; ++step)
      for (uint64_t pc : {20, 30})
        t += sync(0, l, "syncwarp", 0xffffffffu >> (31 - l), pc);
    t += sync(0, l, "exit", 0, 40);
  }
  auto trace = parseTraceText(t);
  std::set<uint64_t> pcs;
  for (const auto &f : findingsOf(t)) {
    EXPECT_EQ(f.rule, "warp-mask-nonuniform");
    pcs.insert(trace.events[f.first].pc);
  }
  EXPECT_EQ(pcs, (std::set<uint64_t>{20, 30}));
}

static_assert(warpcheck::reference::kSyncwarpCallsKept == warpcheck::patch::kSyncwarpCallsKept,
              "the reference compares __syncwarp calls within the GPU detector's bound");

TEST(ReferenceLitmus, CallsBeyondTheKeptBoundAreNotCompared) {
  // As the GPU detector keeps the first caller of each of the last
  // kSyncwarpCallsKept call numbers per warp: lane 0 makes 40 calls at pc
  // 20 with 0x1 before lane 1 makes its first with 0x3; the call lane 1
  // corresponds to is no longer kept, and lane 1 is reported only from
  // its ninth call on.
  std::string t = header(0, 1, 32);
  for (int call = 0; call < 40; ++call)
    t += sync(0, 0, "syncwarp", 0x1u, 20 + call * 16);
  t += sync(0, 0, "exit", 0, 900) + sync(0, 1, "syncwarp", 0x3u, 20);
  auto f = findingsOf(t + sync(0, 1, "exit", 0, 900));
  EXPECT_TRUE(f.empty()) << "lane 0's first call was replaced by its 33rd";
  std::string later = t;
  for (int call = 1; call < 9; ++call)
    later += sync(0, 1, "syncwarp", 0x3u, 20 + call * 16);
  f = findingsOf(later + sync(0, 1, "exit", 0, 900));
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].rule, "warp-mask-nonuniform");
  EXPECT_EQ(parseTraceText(later).events[f[0].first].pc, 20u + 8 * 16);
}

TEST(ReferenceLitmus, DisjointMasksAtOneSyncwarpAreFine) {
  // tile<16>.sync(): the half-warps at one __syncwarp with disjoint masks.
  std::string t = header(0, 1, 32);
  for (int l = 0; l < 32; ++l)
    t += sync(0, l, "syncwarp", l < 16 ? 0x0000ffffu : 0xffff0000u, 20);
  EXPECT_EQ(verdict(t), V{});
}

TEST(ReferenceLitmus, PollsOfOtherSlicesNeitherReleaseNorWidenABlockScopeHandOff) {
  // A split-K serial fix-up (corpus buggy-run-splitk-serial-fixup-fence-block):
  // slices 0..2 poll one semaphore with atomicAdd(&sem, 0). Slice 2 polls
  // before anything is written (its thread has nothing to release), slice 0
  // takes its turn, writes its partial sums, fences (`fence`) and hands the
  // semaphore on with an RMW; slice 2 polls again (the RMW continues slice
  // 0's release sequence); slice 1 then reads the semaphore, fences and
  // reads the sums. Observing slice 2's polls orders nothing more than slice
  // 0's hand-off does: with __threadfence_block() it is scope-too-narrow,
  // with __threadfence() clean, with no fence fence-missing or a race.
  auto splitk = [](const std::string &handOffFence) {
    return header(0, 3, 1) + access(2, 0, "rmw", kFlag, "relaxed", "gpu", 20) + // slice 2: not its turn
           access(1, 0, "rmw", kFlag, "relaxed", "gpu", 20) +                   // slice 1 sees slice 2's poll
           access(0, 0, "rmw", kFlag, "relaxed", "gpu", 20) + fence(0, 0, "gpu", 21) +
           access(0, 0, "w", kData, "plain", "", 30) + fence(0, 0, handOffFence, 31) +
           access(0, 0, "rmw", kFlag, "relaxed", "gpu", 32) + // atomicExch(&sem, 1)
           access(2, 0, "rmw", kFlag, "relaxed", "gpu", 20) + // slice 2 polls again
           access(1, 0, "rmw", kFlag, "relaxed", "gpu", 20) + // slice 1 reads slice 2's 1: its turn
           fence(1, 0, "gpu", 21) + access(1, 0, "r", kData, "plain", "", 29);
  };
  EXPECT_EQ(verdict(splitk("gpu")), V{});
  EXPECT_EQ(verdict(splitk("cta")), V{"scope-too-narrow/inter-block"});
  V none = verdict(splitk(""));
  ASSERT_EQ(none.size(), 1u);
  EXPECT_TRUE(none[0] == "fence-missing/inter-block" || none[0] == "race-global/inter-block") << none[0];
}

TEST(ReferenceLitmus, ResettingACounterItsRmwObservedIsOrderedByObservation) {
  // A last-block merge (corpus buggy-run-histogram-merge-block-fence-ref):
  // block 0 writes its row, fences at block scope (`rowFence`) and bumps
  // the done counter; block 1, the last, bumps it after, fences at device
  // scope, reads the row and resets the counter with a plain store. The
  // row is scope-too-narrow with a block-scope fence (clean with
  // __threadfence()); the reset is ordered after block 0's atomicAdd either
  // way, by observation order (block 1's RMW read the chain it heads).
  auto merge = [](const std::string &rowFence) {
    return header(0, 2, 1) + access(0, 0, "w", kData, "plain", "", 30) + fence(0, 0, rowFence, 31) +
           access(0, 0, "rmw", kFlag, "relaxed", "gpu", 32) + access(1, 0, "rmw", kFlag, "relaxed", "gpu", 32) +
           fence(1, 0, "gpu", 33) + access(1, 0, "r", kData, "plain", "", 34) +
           access(1, 0, "w", kFlag, "plain", "", 35);
  };
  EXPECT_EQ(verdict(merge("gpu")), V{});
  std::vector<Finding> narrow = findingsOf(merge("cta"));
  ASSERT_EQ(narrow.size(), 1u);
  EXPECT_EQ(narrow[0].rule, "scope-too-narrow");
  EXPECT_EQ(narrow[0].first, 0u);  // the row's write
  EXPECT_EQ(narrow[0].second, 5u); // the last block's read of it
}
