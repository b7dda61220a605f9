// CUDA's ordering of work across streams (runtime/common/StreamOrder.h): what a
// cross-stream race needs to know is which launches nothing orders.
#include "runtime/common/StreamOrder.h"
#include <gtest/gtest.h>

using namespace warpcheck::run;

namespace {
constexpr uint64_t kLegacy = 1, kA = 2, kB = 3, kEvent = 100;
constexpr StreamKind kBlocking = StreamKind::Blocking, kNonBlocking = StreamKind::NonBlocking;
} // namespace

TEST(StreamOrder, OneStreamRunsInIssueOrder) {
  StreamOrder o;
  auto first = o.issue(kA, kNonBlocking), second = o.issue(kA, kNonBlocking);
  EXPECT_TRUE(StreamOrder::ordered(first, second));
  EXPECT_FALSE(StreamOrder::ordered(second, first));
}

TEST(StreamOrder, TwoStreamsAreConcurrentUntilAnEventOrdersThem) {
  StreamOrder o;
  auto a = o.issue(kA, kBlocking), b = o.issue(kB, kBlocking);
  EXPECT_FALSE(StreamOrder::ordered(a, b)) << "created blocking streams do not wait for each other";
  EXPECT_FALSE(StreamOrder::ordered(b, a));
  o.record(kEvent, kA, kBlocking);
  auto a2 = o.issue(kA, kBlocking); // after the record: not covered by it
  o.wait(kB, kEvent);
  auto b2 = o.issue(kB, kBlocking);
  EXPECT_TRUE(StreamOrder::ordered(a, b2));
  EXPECT_FALSE(StreamOrder::ordered(a2, b2));
  // A wait for an event never recorded orders nothing.
  o.wait(kA, 999);
  auto a3 = o.issue(kA, kBlocking);
  EXPECT_FALSE(StreamOrder::ordered(b2, a3));
}

TEST(StreamOrder, TheHostWaitingOrdersWhatItIssuesNext) {
  StreamOrder o;
  auto a = o.issue(kA, kNonBlocking);
  auto b = o.issue(kB, kNonBlocking);
  o.hostWaitsStream(kA);
  auto b2 = o.issue(kB, kNonBlocking);
  EXPECT_TRUE(StreamOrder::ordered(a, b2));
  EXPECT_FALSE(StreamOrder::ordered(b2, a));
  auto a2 = o.issue(kA, kNonBlocking);
  EXPECT_TRUE(StreamOrder::ordered(b, b2));
  EXPECT_FALSE(StreamOrder::ordered(b2, a2)) << "b2 was issued, not waited for";
  o.record(kEvent, kB, kNonBlocking);
  o.hostWaitsEvent(kEvent);
  auto a3 = o.issue(kA, kNonBlocking);
  EXPECT_TRUE(StreamOrder::ordered(b2, a3));
  auto b3 = o.issue(kB, kNonBlocking);
  o.hostWaitsAll();
  auto a4 = o.issue(kA, kNonBlocking);
  EXPECT_TRUE(StreamOrder::ordered(b3, a4));
}

TEST(StreamOrder, TheLegacyStreamSynchronisesWithBlockingStreamsOnly) {
  StreamOrder o;
  auto blocking = o.issue(kA, kBlocking);
  auto nonBlocking = o.issue(kB, kNonBlocking);
  auto legacy = o.issue(kLegacy, StreamKind::Legacy);
  EXPECT_TRUE(StreamOrder::ordered(blocking, legacy));
  EXPECT_FALSE(StreamOrder::ordered(nonBlocking, legacy));
  auto blockingAfter = o.issue(kA, kBlocking);
  auto nonBlockingAfter = o.issue(kB, kNonBlocking);
  EXPECT_TRUE(StreamOrder::ordered(legacy, blockingAfter));
  EXPECT_FALSE(StreamOrder::ordered(legacy, nonBlockingAfter));
  // Transitively: blocking work before a legacy launch is ordered before
  // another blocking stream's work after it.
  auto otherBlocking = o.issue(kB + 10, kBlocking);
  EXPECT_TRUE(StreamOrder::ordered(blocking, otherBlocking));
}
