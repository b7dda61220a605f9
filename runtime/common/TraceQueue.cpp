#include "runtime/common/TraceQueue.h"

namespace warpcheck::run {

void TraceQueue::plan(uint64_t key, uint32_t tag, const uint32_t concurrent[8], const std::array<uint32_t, 3> &grid,
                      const std::array<uint32_t, 3> &block, const IndexedCode &code) {
  Entry e;
  e.key = key;
  e.code = code;
  e.grid = grid;
  e.block = block;
  for (size_t s = 0; s < tags_.size(); ++s)
    if (!tag || !((concurrent[(tags_[s] >> 5) & 7] >> (tags_[s] & 31)) & 1u)) e.orderedAfter.push_back(s);
  tags_.push_back(tag);
  ids_.push_back(-1);
  waiting_.push_back(std::move(e));
}

TraceQueue::Entry *TraceQueue::running(uint64_t key) {
  for (Entry &e : waiting_)
    if (e.key == key && e.state == Entry::Running) return &e;
  return nullptr;
}

const TraceQueue::Entry *TraceQueue::running(uint64_t key) const {
  return const_cast<TraceQueue *>(this)->running(key);
}

void TraceQueue::finish(uint64_t key, const std::string &kernel, std::vector<patch::TraceEvent> events,
                        std::string &error) {
  Entry *e = running(key);
  if (!e) return;
  e->state = Entry::Ended;
  e->kernel = kernel;
  e->events = std::move(events);
  writeEnded(false, error);
}

void TraceQueue::drop(uint64_t key) {
  Entry *e = running(key);
  if (!e) return;
  e->state = Entry::Dropped;
  std::string error;
  writeEnded(false, error); // nothing is written by dropping: no error
}

void TraceQueue::close(std::string &error) { writeEnded(true, error); }

// Writes the launches at the front that have ended, in the order they
// began; one still running holds back those after it (unless closing).
void TraceQueue::writeEnded(bool closing, std::string &error) {
  while (!waiting_.empty()) {
    Entry &e = waiting_.front();
    if (e.state == Entry::Running && !closing) return;
    if (e.state == Entry::Ended && writer_.on()) {
      std::vector<int> after;
      for (size_t s : e.orderedAfter)
        if (ids_[s] >= 0) after.push_back(ids_[s]);
      std::string why;
      ids_[firstWaiting_] = writer_.write(e.kernel, e.grid, e.block, after, e.events, why, e.code);
      if (ids_[firstWaiting_] < 0 && error.empty()) error = why;
    }
    waiting_.pop_front();
    ++firstWaiting_;
  }
}

} // namespace warpcheck::run
