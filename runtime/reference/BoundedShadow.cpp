// The GPU shadow's writer half replayed over the trace: per 4-byte word,
// the last write (plain store, strong store or read-modify-write, in trace
// order) is all it keeps.
#include "runtime/reference/BoundedShadow.h"
#include <algorithm>
#include <map>
#include <tuple>

namespace warpcheck::reference {
namespace {

// A word as the GPU shadows it: global memory by address, shared memory
// per block of each launch.
using WordKey = std::tuple<int, uint64_t, uint64_t, uint64_t>; // space, launch, block, address / 4

WordKey wordOf(const Event &e, uint64_t word) {
  bool shared = e.space == Space::Shared;
  return {static_cast<int>(e.space), shared ? e.launch : 0, shared ? e.block : 0, word};
}

} // namespace

BoundedShadow::BoundedShadow(const Trace &trace) : trace_(trace), lastWriters_(trace.events.size()) {
  std::map<WordKey, uint32_t> writer;
  for (uint32_t i = 0; i < trace.events.size(); ++i) {
    const Event &e = trace.events[i];
    if (!e.isAccess() || e.bytes == 0)
      continue;
    uint64_t first = e.addr / 4, last = (e.addr + e.bytes - 1) / 4;
    for (uint64_t w = first; w <= last; ++w) {
      auto it = writer.find(wordOf(e, w));
      lastWriters_[i].push_back(it == writer.end() ? ~0u : it->second);
    }
    if (e.writes())
      for (uint64_t w = first; w <= last; ++w)
        writer[wordOf(e, w)] = i;
  }
}

bool BoundedShadow::holds(uint32_t earlier, uint32_t later) const {
  if (!trace_.events[earlier].writes())
    return true;
  const auto &held = lastWriters_[later];
  return std::find(held.begin(), held.end(), earlier) != held.end();
}

} // namespace warpcheck::reference
