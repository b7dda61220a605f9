#pragma once
// Which kernel launches the program ordered before which: CUDA's stream
// semantics as vector clocks over streams (CUDA C++ Programming Guide,
// "Streams", "Events", "Default stream"):
// - work on one stream runs in issue order;
// - an event records what its stream has been given so far, and a stream
//   that waits for it is ordered after that;
// - the host waiting (stream, event or context synchronisation, a
//   synchronous copy) orders everything it issues afterwards after what it
//   waited for;
// - the legacy default stream waits for the work of every blocking stream
//   of its context issued before, and blocking streams' later work waits
//   for it; non-blocking streams (cudaStreamNonBlocking) take no part.
// Streams and events are opaque ids (Sanitizer stream handles, CUevents):
// this class knows nothing of CUDA and is tested on its own.
#include <cstdint>
#include <unordered_map>

namespace warpcheck::run {

enum class StreamKind { Blocking, NonBlocking, Legacy };

class StreamOrder {
public:
  // Per stream, the number of its operations something is ordered after.
  using Clock = std::unordered_map<uint64_t, uint64_t>;

  // One operation: the `seq`-th of its stream, and what it is ordered after
  // (its own stream's component included).
  struct Op {
    uint64_t stream = 0, seq = 0;
    Clock after;
  };

  // Work issued on `stream` now.
  Op issue(uint64_t stream, StreamKind kind);
  // Whether `earlier` happens before `later`.
  static bool ordered(const Op &earlier, const Op &later);

  void record(uint64_t event, uint64_t stream, StreamKind kind);
  void wait(uint64_t stream, uint64_t event);
  void hostWaitsStream(uint64_t stream);
  void hostWaitsEvent(uint64_t event);
  void hostWaitsAll();
  void forgetEvent(uint64_t event) { events_.erase(event); }

private:
  static void join(Clock &into, const Clock &from);
  // What work issued on `stream` now is ordered after, before it counts.
  Clock before(uint64_t stream, StreamKind kind);

  std::unordered_map<uint64_t, Clock> streams_; // the clock of each stream's latest operation
  std::unordered_map<uint64_t, StreamKind> kinds_;
  std::unordered_map<uint64_t, Clock> events_;
  Clock host_; // what the host has waited for
};

} // namespace warpcheck::run
