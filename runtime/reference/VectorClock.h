#pragma once
// A vector clock over the threads of a trace (dense: one entry per thread
// index the checker assigned; missing entries are 0).
#include <algorithm>
#include <cstdint>
#include <vector>

namespace warpcheck::reference {

class VectorClock {
public:
  uint32_t get(uint32_t thread) const { return thread < c_.size() ? c_[thread] : 0; }
  void set(uint32_t thread, uint32_t value) {
    if (thread >= c_.size())
      c_.resize(thread + 1, 0);
    c_[thread] = value;
  }
  void tick(uint32_t thread) { set(thread, get(thread) + 1); }
  void join(const VectorClock &o) {
    if (o.c_.size() > c_.size())
      c_.resize(o.c_.size(), 0);
    for (size_t i = 0; i < o.c_.size(); ++i)
      c_[i] = std::max(c_[i], o.c_[i]);
  }
  bool empty() const { return c_.empty(); }

private:
  std::vector<uint32_t> c_;
};

} // namespace warpcheck::reference
