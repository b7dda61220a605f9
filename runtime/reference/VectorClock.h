#pragma once
// A vector clock over the threads of a trace. Threads are named by their
// block's slot and their index in the block, and the clock is kept as one
// chunk per block, each shared copy-on-write: a thread's clock mostly
// holds its own block's chunk plus chunks shared with the clocks it
// joined (the start of its launch, a barrier phase), so a trace of many
// blocks and launches does not cost threads x threads memory. A launch
// that the clock covers entirely (every launch its thread's launch is
// `after`, docs/run-memory-model.md rule 9) is kept as one "done" mark
// instead of one chunk per block: a thread of the eighth of eight
// launches of 256 blocks would otherwise hold 1,792 chunks, and 65,536
// such threads 2.8 GB of chunk lists.
#include <algorithm>
#include <cstdint>
#include <iterator>
#include <memory>
#include <vector>

namespace warpcheck::reference {

struct ThreadRef {
  uint32_t slot = 0;   // the (launch, block) it belongs to
  uint32_t local = 0;  // thread index in the block
  uint32_t launch = 0; // index of its launch in the trace
};

class VectorClock {
public:
  static constexpr uint32_t kDone = UINT32_MAX; // every event of a done launch

  uint32_t get(ThreadRef t) const {
    if (isDone(t.launch))
      return kDone;
    const Chunk *c = find(t.slot);
    return c && t.local < c->v->size() ? (*c->v)[t.local] : 0;
  }

  void set(ThreadRef t, uint32_t value) {
    auto &v = mutableChunk(t.slot, t.launch);
    if (t.local >= v.size())
      v.resize(t.local + 1, 0);
    v[t.local] = value;
  }

  void tick(ThreadRef t) { set(t, get(t) + 1); }

  void join(const VectorClock &o) {
    joinDone(o.done_);
    std::vector<Chunk> merged;
    merged.reserve(chunks_.size() + o.chunks_.size());
    // Chunks of launches now covered entirely are left out.
    auto keep = [&](Chunk c) {
      if (!isDone(c.launch))
        merged.push_back(std::move(c));
    };
    size_t i = 0, j = 0;
    while (i < chunks_.size() || j < o.chunks_.size()) {
      if (j == o.chunks_.size() || (i < chunks_.size() && chunks_[i].slot < o.chunks_[j].slot)) {
        keep(std::move(chunks_[i++]));
      } else if (i == chunks_.size() || o.chunks_[j].slot < chunks_[i].slot) {
        keep(o.chunks_[j++]); // shared, not copied
      } else {
        keep(joinChunk(std::move(chunks_[i++]), o.chunks_[j++]));
      }
    }
    chunks_ = std::move(merged);
  }

  // The clock covers every event of launch `launch` (its last event is
  // behind it in the trace): its chunks are replaced by one mark.
  void markDone(uint32_t launch) {
    if (isDone(launch))
      return;
    auto done = done_ ? std::make_shared<std::vector<uint32_t>>(*done_) : std::make_shared<std::vector<uint32_t>>();
    done->insert(std::lower_bound(done->begin(), done->end(), launch), launch);
    done_ = std::move(done);
    dropDoneChunks();
  }

  size_t chunkCount() const { return chunks_.size(); }

private:
  struct Chunk {
    uint32_t slot = 0;
    uint32_t launch = 0;
    std::shared_ptr<std::vector<uint32_t>> v;
  };
  std::vector<Chunk> chunks_; // sorted by slot
  // Launches covered entirely, sorted; shared between the clocks that
  // joined them (every thread of a launch starts with the same list).
  std::shared_ptr<const std::vector<uint32_t>> done_;

  bool isDone(uint32_t launch) const { return done_ && std::binary_search(done_->begin(), done_->end(), launch); }

  // Adds `other` to the done launches.
  void joinDone(const std::shared_ptr<const std::vector<uint32_t>> &other) {
    if (!other || other == done_ || other->empty())
      return;
    if (!done_ || std::includes(other->begin(), other->end(), done_->begin(), done_->end())) {
      done_ = other;
      return;
    }
    if (std::includes(done_->begin(), done_->end(), other->begin(), other->end()))
      return;
    auto merged = std::make_shared<std::vector<uint32_t>>();
    std::set_union(done_->begin(), done_->end(), other->begin(), other->end(), std::back_inserter(*merged));
    done_ = std::move(merged);
  }

  void dropDoneChunks() {
    chunks_.erase(std::remove_if(chunks_.begin(), chunks_.end(), [&](const Chunk &c) { return isDone(c.launch); }),
                  chunks_.end());
  }

  const Chunk *find(uint32_t slot) const {
    auto it = std::lower_bound(chunks_.begin(), chunks_.end(), slot,
                               [](const Chunk &c, uint32_t s) { return c.slot < s; });
    return it != chunks_.end() && it->slot == slot ? &*it : nullptr;
  }

  std::vector<uint32_t> &mutableChunk(uint32_t slot, uint32_t launch) {
    auto it = std::lower_bound(chunks_.begin(), chunks_.end(), slot,
                               [](const Chunk &c, uint32_t s) { return c.slot < s; });
    if (it == chunks_.end() || it->slot != slot)
      it = chunks_.insert(it, Chunk{slot, launch, std::make_shared<std::vector<uint32_t>>()});
    else if (it->v.use_count() > 1)
      it->v = std::make_shared<std::vector<uint32_t>>(*it->v); // copy on write
    return *it->v;
  }

  // The elementwise maximum, sharing either side when it dominates.
  static Chunk joinChunk(Chunk mine, const Chunk &theirs) {
    if (mine.v == theirs.v)
      return mine;
    const auto &a = *mine.v, &b = *theirs.v;
    bool aCovers = a.size() >= b.size(), bCovers = b.size() >= a.size();
    for (size_t k = 0; k < std::min(a.size(), b.size()) && (aCovers || bCovers); ++k) {
      aCovers &= a[k] >= b[k];
      bCovers &= b[k] >= a[k];
    }
    if (aCovers)
      return mine;
    if (bCovers)
      return theirs;
    auto out = mine.v.use_count() > 1 ? std::make_shared<std::vector<uint32_t>>(a) : mine.v;
    if (out->size() < b.size())
      out->resize(b.size(), 0);
    for (size_t k = 0; k < b.size(); ++k)
      (*out)[k] = std::max((*out)[k], b[k]);
    return Chunk{mine.slot, mine.launch, out};
  }
};

} // namespace warpcheck::reference
