// The GPU shadow replayed over the trace: per 4-byte word the last write
// (instrument/GlobalDetector.cuh checkGlobalWord, instrument/Patches.cu
// checkWord) and the reader the reader half keeps (recordGlobalRead,
// recordSharedRead), in trace order.
#include "runtime/reference/BoundedShadow.h"
#include <map>
#include <tuple>

namespace warpcheck::reference {
namespace {

// A word as the GPU shadows it: global memory by address, shared memory
// per block of each launch.
using WordKey = std::tuple<int, uint64_t, uint64_t, uint64_t>; // space, launch, block, address / 4
using ThreadKey = std::tuple<uint64_t, uint64_t, uint64_t>;    // launch, block, thread

WordKey wordOf(const Event &e, uint64_t word) {
  bool shared = e.space == Space::Shared;
  return {static_cast<int>(e.space), shared ? e.launch : 0, shared ? e.block : 0, word};
}

bool isSyncEvent(const Event &e) {
  return e.kind == Kind::Bar || e.kind == Kind::Arrive || e.kind == Kind::Syncwarp || e.kind == Kind::MbarWait ||
         e.kind == Kind::MbarArrive;
}

// The readers the reader half may hold for a word: one when the detector's
// rule decided, several where it depends on epochs the trace does not pin
// down. Each with its (event, index of the word in that event).
struct Readers {
  std::vector<std::pair<uint32_t, size_t>> held;
  uint8_t bytes = 0; // bytes of the word the one certain reader covers
};

} // namespace

BoundedShadow::BoundedShadow(const Trace &trace) : trace_(trace), words_(trace.events.size()) {
  std::map<WordKey, uint32_t> writer;
  std::map<WordKey, Readers> readers;
  std::map<ThreadKey, uint32_t> syncs; // synchronisation events of each thread so far
  std::vector<uint32_t> syncsAt(trace.events.size(), 0);
  for (uint32_t i = 0; i < trace.events.size(); ++i) {
    const Event &e = trace.events[i];
    uint32_t &mySyncs = syncs[{e.launch, e.block, e.thread}];
    syncsAt[i] = mySyncs;
    if (isSyncEvent(e))
      ++mySyncs;
    if (!e.isAccess() || e.bytes == 0)
      continue;
    uint64_t first = e.addr / 4, last = (e.addr + e.bytes - 1) / 4;
    for (uint64_t w = first; w <= last; ++w) {
      WordState s;
      s.word = w;
      auto it = writer.find(wordOf(e, w));
      s.lastWriter = it == writer.end() ? ~0u : it->second;
      words_[i].push_back(s);
    }
    if (e.writes()) { // read-modify-writes are writers only, as on the GPU
      for (uint64_t w = first; w <= last; ++w)
        writer[wordOf(e, w)] = i;
      continue;
    }
    for (size_t k = 0; k < words_[i].size(); ++k) {
      uint64_t w = words_[i][k].word;
      uint8_t mine = 0;
      for (uint64_t b = 0; b < 4; ++b)
        if (w * 4 + b >= e.addr && w * 4 + b < e.addr + e.bytes)
          mine |= uint8_t(1u << b);
      Readers &rd = readers[wordOf(e, w)];
      auto store = [&](bool alone) { // alone: it replaces whatever was held
        if (alone) {
          for (auto [p, pk] : rd.held)
            words_[p][pk].until = i;
          rd.held.clear();
          rd.bytes = mine;
        }
        rd.held.push_back({i, k});
        words_[i][k].stored = true;
      };
      if (rd.held.empty()) {
        store(true);
        continue;
      }
      if (rd.held.size() > 1) {
        store(false);
        continue;
      }
      const Event &r = trace.events[rd.held[0].first];
      bool rStrong = r.sem != Sem::Plain, myStrong = e.sem != Sem::Plain;
      bool sameThread = r.launch == e.launch && r.block == e.block && r.thread == e.thread;
      bool noSyncBetween = sameThread && syncsAt[rd.held[0].first] == syncsAt[i];
      bool neitherSynced = syncsAt[rd.held[0].first] == 0 && syncsAt[i] == 0;
      bool covered = (rd.bytes & mine) == mine;
      if (r.launch != e.launch) {
        store(true); // another launch's entry is not live
      } else if (e.space == Space::Global) {
        if (r.block != e.block) {
          // recordGlobalRead: another block's reader is always "at the same
          // time": kept, unless it is strong and this read plain.
          if (rStrong && !myStrong)
            store(true);
          else
            rd.bytes |= mine;
        } else if (noSyncBetween) {
          if (covered && rStrong == myStrong)
            continue; // the same thread again: kept
          store(true);
        } else if (!sameThread && neitherSynced) {
          if (rStrong && !myStrong)
            store(true);
          else
            rd.bytes |= mine; // another thread at the same time: kept
        } else {
          store(false); // depends on barrier epochs
        }
      } else {
        // recordSharedRead: a read in the reader's epoch keeps it.
        if (noSyncBetween || (!sameThread && neitherSynced))
          rd.bytes |= mine;
        else
          store(false);
      }
    }
  }
}

bool BoundedShadow::holds(uint32_t earlier, uint32_t later) const {
  bool read = !trace_.events[earlier].writes();
  for (const WordState &p : words_[earlier])
    for (const WordState &s : words_[later]) {
      if (p.word != s.word)
        continue;
      if (read ? p.stored && later < p.until : s.lastWriter == earlier)
        return true;
    }
  return false;
}

} // namespace warpcheck::reference
