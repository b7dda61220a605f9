#include "runtime/common/StreamOrder.h"
#include <algorithm>

namespace warpcheck::run {

void StreamOrder::join(Clock &into, const Clock &from) {
  for (const auto &[stream, n] : from) {
    uint64_t &mine = into[stream];
    mine = std::max(mine, n);
  }
}

StreamOrder::Clock StreamOrder::before(uint64_t stream, StreamKind kind) {
  kinds_[stream] = kind;
  Clock c = streams_[stream];
  join(c, host_);
  if (kind == StreamKind::Blocking) {
    for (const auto &[other, k] : kinds_)
      if (k == StreamKind::Legacy && other != stream) join(c, streams_[other]);
  } else if (kind == StreamKind::Legacy) {
    for (const auto &[other, k] : kinds_)
      if (k == StreamKind::Blocking) join(c, streams_[other]);
  }
  return c;
}

StreamOrder::Op StreamOrder::issue(uint64_t stream, StreamKind kind) {
  Op op;
  op.after = before(stream, kind);
  op.stream = stream;
  op.seq = ++op.after[stream];
  streams_[stream] = op.after;
  return op;
}

bool StreamOrder::ordered(const Op &earlier, const Op &later) {
  auto it = later.after.find(earlier.stream);
  return it != later.after.end() && it->second >= earlier.seq;
}

void StreamOrder::record(uint64_t event, uint64_t stream, StreamKind kind) {
  // The record is an operation of the stream like a launch (the legacy
  // stream's implicit waits included), but a cheap one: no number of its own.
  Clock c = before(stream, kind);
  streams_[stream] = c;
  events_[event] = std::move(c);
}

void StreamOrder::wait(uint64_t stream, uint64_t event) {
  auto it = events_.find(event);
  if (it != events_.end()) join(streams_[stream], it->second);
}

void StreamOrder::hostWaitsStream(uint64_t stream) {
  auto it = streams_.find(stream);
  if (it != streams_.end()) join(host_, it->second);
}

void StreamOrder::hostWaitsEvent(uint64_t event) {
  auto it = events_.find(event);
  if (it != events_.end()) join(host_, it->second);
}

void StreamOrder::hostWaitsAll() {
  for (const auto &[stream, c] : streams_) join(host_, c);
}

} // namespace warpcheck::run
