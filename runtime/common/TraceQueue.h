#pragma once
// The order traced launches go into the trace (`warpcheck run --trace`):
// the order they began in, each naming the earlier traced launches ordered
// before it. The kernel nodes of a CUDA graph launch all begin before the
// first of them ends, so which earlier launches a launch is ordered after
// is decided when it begins (from the launch and graph order) and turned
// into trace ids when it is written, and a launch is written only once
// every launch that began before it is written or left out: the trace
// format wants each launch `after` only launches declared before it, and
// no event of a launch after one of a launch ordered behind it. Pure logic
// over TraceWriter, tested on the CPU.
#include "runtime/common/TraceWriter.h"
#include <array>
#include <cstdint>
#include <deque>
#include <string>
#include <vector>

namespace warpcheck::run {

class TraceQueue {
public:
  explicit TraceQueue(TraceWriter &writer) : writer_(writer) {}

  // Launch `key` (its Sanitizer launch handle) begins and is to be traced.
  // `tag`: its shadow tag, 0 when launch order is not followed (every
  // earlier launch then counts as ordered before it); `concurrent`: the
  // bits of the earlier tags that nothing orders with it.
  // `code`: what the SASS index of its kernel covers (TraceWriter::write).
  void plan(uint64_t key, uint32_t tag, const uint32_t concurrent[8], const std::array<uint32_t, 3> &grid,
            const std::array<uint32_t, 3> &block, const IndexedCode &code = {});
  bool planned(uint64_t key) const { return running(key) != nullptr; }
  // Its kernel ended with these events: written now, or once the launches
  // that began before it are. `error` gets the first write error.
  void finish(uint64_t key, const std::string &kernel, std::vector<patch::TraceEvent> events, std::string &error);
  // It is left out (not checked, or it made more events than its buffer held).
  void drop(uint64_t key);
  // At exit: writes the launches that ended, leaving out those that never did.
  void close(std::string &error);

private:
  struct Entry {
    uint64_t key = 0;
    enum State { Running, Ended, Dropped } state = Running;
    std::array<uint32_t, 3> grid{}, block{};
    IndexedCode code;
    std::vector<size_t> orderedAfter; // serials of the earlier launches ordered before it
    std::string kernel;
    std::vector<patch::TraceEvent> events;
  };
  Entry *running(uint64_t key);
  const Entry *running(uint64_t key) const;
  void writeEnded(bool closing, std::string &error);

  TraceWriter &writer_;
  std::deque<Entry> waiting_; // by serial, from firstWaiting_ on
  size_t firstWaiting_ = 0;
  // Per serial (every launch planned): its tag, and its trace id once
  // written (-1: not written, or left out).
  std::vector<uint32_t> tags_;
  std::vector<int> ids_;
};

} // namespace warpcheck::run
