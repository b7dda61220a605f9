// Litmus tests of asynchronous copies (docs/run-memory-model.md,
// "Asynchronous copies"): a cp.async writes shared memory on its own, some
// time between its issue and its completion -- a cp.async.wait_group that
// covers its group, or the phase of the mbarrier its group is bound to --
// and races with every access not ordered after that completion, its own
// thread's included. Each trace is one block; the parser's errors for the
// new event kinds are at the end.
#include "LitmusHelpers.h"
#include <gtest/gtest.h>

using namespace warpcheck::reference::test;

namespace {

std::string ev(int t, const std::string &k, const std::string &fields, int pc) {
  return "{\"l\":0,\"b\":0,\"t\":" + std::to_string(t) + ",\"k\":\"" + k + "\"" + fields +
         ",\"pc\":" + std::to_string(pc) + "}\n";
}
std::string copy(int t, int addr, int pc) {
  return ev(t, "cp_async", ",\"a\":" + std::to_string(addr) + ",\"n\":16,\"sp\":\"s\"", pc);
}
std::string commit(int t, int pc) { return ev(t, "cp_commit", "", pc); }
std::string waitGroups(int t, int left, int pc) { return ev(t, "cp_wait", ",\"x\":" + std::to_string(left), pc); }
std::string bindTo(int t, int mbar, int pc) {
  return ev(t, "cp_mbar_arrive", ",\"a\":" + std::to_string(mbar) + ",\"sp\":\"s\"", pc);
}
std::string mbar(int t, const std::string &k, int mbar, int pc) {
  return ev(t, k, ",\"a\":" + std::to_string(mbar) + ",\"sp\":\"s\"", pc);
}
std::string shared(int t, const std::string &k, int addr, int pc) { return access(0, t, k, addr, "plain", "", pc, "s"); }
std::string barrier(int t, int pc) { return sync(0, t, "bar", 0, pc); }

} // namespace

TEST(AsyncCopyLitmus, TheIssuerReadingBeforeItWaitsRaces) {
  // __pipeline_memcpy_async; read s[0] (no wait) / commit, wait, then read.
  EXPECT_EQ(verdict(header(0, 1, 32) + copy(0, 0, 10) + shared(0, "r", 0, 11)), V{"race-shared/intra-warp"});
  EXPECT_EQ(verdict(header(0, 1, 32) + copy(0, 0, 10) + commit(0, 11) + waitGroups(0, 0, 12) + shared(0, "r", 0, 13)),
            V{});
  // cp.async.wait_all: a wait for 0 groups completes the open group too.
  EXPECT_EQ(verdict(header(0, 1, 32) + copy(0, 0, 10) + waitGroups(0, 0, 12) + shared(0, "r", 0, 13)), V{});
}

TEST(AsyncCopyLitmus, AnotherThreadNeedsTheWaitBeforeTheBarrier) {
  // Thread 0 copies, the block synchronises, thread 1 reads: the barrier
  // orders only what thread 0 had waited for.
  std::string bug = header(0, 1, 2) + copy(0, 0, 10) + barrier(0, 20) + barrier(1, 20) + shared(1, "r", 0, 30) +
                    waitGroups(0, 0, 40);
  std::string fixed = header(0, 1, 2) + copy(0, 0, 10) + waitGroups(0, 0, 15) + barrier(0, 20) + barrier(1, 20) +
                      shared(1, "r", 0, 30);
  EXPECT_EQ(verdict(bug), V{"race-shared/intra-warp"});
  EXPECT_EQ(verdict(fixed), V{});
}

TEST(AsyncCopyLitmus, WaitGroupLeavesTheNewestGroupsInFlight) {
  // Double buffer: stage 0 into s[0], stage 1 into s[16]; wait_group 1
  // completes stage 0 only.
  std::string t = header(0, 1, 32) + copy(0, 0, 10) + commit(0, 11) + copy(0, 16, 12) + commit(0, 13) +
                  waitGroups(0, 1, 14) + shared(0, "r", 0, 20);
  EXPECT_EQ(verdict(t), V{});
  EXPECT_EQ(verdict(t + shared(0, "r", 16, 21)), V{"race-shared/intra-warp"});
  EXPECT_EQ(verdict(t + waitGroups(0, 0, 22) + shared(0, "r", 16, 23)), V{});
}

TEST(AsyncCopyLitmus, TheCopyIsOrderedAfterWhatCameBeforeItsIssue) {
  // Thread 1 reads s[0] and the block synchronises before thread 0 copies
  // into it: no race. Without the barrier the read and the copy race.
  std::string ordered = header(0, 1, 2) + shared(1, "r", 0, 5) + barrier(1, 8) + barrier(0, 8) + copy(0, 0, 10) +
                        waitGroups(0, 0, 11);
  std::string unordered = header(0, 1, 2) + shared(1, "r", 0, 5) + copy(0, 0, 10) + waitGroups(0, 0, 11);
  EXPECT_EQ(verdict(ordered), V{});
  EXPECT_EQ(verdict(unordered), V{"race-shared/intra-warp"});
  // The issuer's own earlier write of the bytes comes before its copy.
  EXPECT_EQ(verdict(header(0, 1, 1) + shared(0, "w", 0, 5) + copy(0, 0, 10) + waitGroups(0, 0, 11)), V{});
}

TEST(AsyncCopyLitmus, ACopyBoundToAnMbarrierCompletesWithItsPhase) {
  // cuda::memcpy_async with a cuda::barrier: thread 0 copies and binds the
  // copy to the mbarrier at 512; thread 32 waits on it, then reads.
  auto handOff = [](bool bound, bool waits) {
    std::string t = header(0, 1, 64) + copy(0, 0, 10);
    if (bound)
      t += bindTo(0, 512, 11);
    t += mbar(0, "mbar_arrive", 512, 12) + mbar(32, "mbar_arrive", 512, 12);
    if (waits)
      t += mbar(32, "mbar_wait", 512, 13);
    return t + shared(32, "r", 0, 20);
  };
  EXPECT_EQ(verdict(handOff(true, true)), V{});
  EXPECT_EQ(verdict(handOff(true, false)), V{"race-shared/inter-warp"});
  // Not bound: the arrival releases thread 0's own accesses, not the copy
  // it has not waited for.
  EXPECT_EQ(verdict(handOff(false, true)), V{"race-shared/inter-warp"});
}

TEST(AsyncCopyLitmus, TwoCopiesIntoTheSameBytesRace) {
  // Two threads' copies to s[0], both waited for before the barrier, are
  // unordered with each other.
  std::string t = header(0, 1, 2) + copy(0, 0, 10) + copy(1, 0, 10) + waitGroups(0, 0, 11) + waitGroups(1, 0, 11);
  EXPECT_EQ(verdict(t), V{"race-shared/intra-warp"});
}

TEST(AsyncCopyLitmus, TheParserChecksTheNewEvents) {
  auto errorOf = [](const std::string &line) {
    try {
      findingsOf(header(0, 1, 32) + line);
    } catch (const warpcheck::reference::TraceError &e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_EQ(errorOf(copy(0, 0, 1)), "");
  EXPECT_NE(errorOf(ev(0, "cp_async", ",\"a\":0,\"n\":16,\"sp\":\"g\"", 1)).find("writes shared memory"),
            std::string::npos);
  EXPECT_NE(errorOf(ev(0, "cp_async", ",\"a\":0,\"n\":0,\"sp\":\"s\"", 1)).find("1 to 256 bytes"), std::string::npos);
  EXPECT_NE(errorOf(ev(0, "cp_async", ",\"a\":0,\"n\":4,\"sp\":\"s\",\"sem\":\"relaxed\",\"sc\":\"cta\"", 1))
                .find("plain"),
            std::string::npos);
  EXPECT_NE(errorOf(ev(0, "cp_wait", "", 1)).find("\"x\""), std::string::npos);
  EXPECT_NE(errorOf(ev(0, "cp_wait", ",\"x\":4294967296", 1)).find("32-bit"), std::string::npos);
  EXPECT_NE(errorOf(ev(0, "cp_mbar_arrive", ",\"a\":512", 1)).find("\"sp\""), std::string::npos);
  EXPECT_EQ(errorOf(commit(0, 1)), "");
}
