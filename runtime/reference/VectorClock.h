#pragma once
// A vector clock over the threads of a trace. Threads are named by their
// block's slot and their index in the block, and the clock is kept as one
// chunk per block, each shared copy-on-write: a thread's clock mostly
// holds its own block's chunk plus chunks shared with the clocks it
// joined (the start of its launch, a barrier phase), so a trace of many
// blocks and launches does not cost threads x threads memory.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

namespace warpcheck::reference {

struct ThreadRef {
  uint32_t slot = 0;  // the (launch, block) it belongs to
  uint32_t local = 0; // thread index in the block
};

class VectorClock {
public:
  uint32_t get(ThreadRef t) const {
    const Chunk *c = find(t.slot);
    return c && t.local < c->v->size() ? (*c->v)[t.local] : 0;
  }

  void set(ThreadRef t, uint32_t value) {
    auto &v = mutableChunk(t.slot);
    if (t.local >= v.size())
      v.resize(t.local + 1, 0);
    v[t.local] = value;
  }

  void tick(ThreadRef t) { set(t, get(t) + 1); }

  void join(const VectorClock &o) {
    std::vector<Chunk> merged;
    merged.reserve(chunks_.size() + o.chunks_.size());
    size_t i = 0, j = 0;
    while (i < chunks_.size() || j < o.chunks_.size()) {
      if (j == o.chunks_.size() || (i < chunks_.size() && chunks_[i].slot < o.chunks_[j].slot)) {
        merged.push_back(std::move(chunks_[i++]));
      } else if (i == chunks_.size() || o.chunks_[j].slot < chunks_[i].slot) {
        merged.push_back(o.chunks_[j++]); // shared, not copied
      } else {
        merged.push_back(joinChunk(std::move(chunks_[i++]), o.chunks_[j++]));
      }
    }
    chunks_ = std::move(merged);
  }

private:
  struct Chunk {
    uint32_t slot = 0;
    std::shared_ptr<std::vector<uint32_t>> v;
  };
  std::vector<Chunk> chunks_; // sorted by slot

  const Chunk *find(uint32_t slot) const {
    auto it = std::lower_bound(chunks_.begin(), chunks_.end(), slot,
                               [](const Chunk &c, uint32_t s) { return c.slot < s; });
    return it != chunks_.end() && it->slot == slot ? &*it : nullptr;
  }

  std::vector<uint32_t> &mutableChunk(uint32_t slot) {
    auto it = std::lower_bound(chunks_.begin(), chunks_.end(), slot,
                               [](const Chunk &c, uint32_t s) { return c.slot < s; });
    if (it == chunks_.end() || it->slot != slot)
      it = chunks_.insert(it, Chunk{slot, std::make_shared<std::vector<uint32_t>>()});
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
    return Chunk{mine.slot, out};
  }
};

} // namespace warpcheck::reference
