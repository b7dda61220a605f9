#pragma once
// A cheap hash of a sequence of words, for the path states of the async-copy
// explorer (hashState in AsyncCopyPaths.cpp, Lin::hash, Region::hash). The
// explorer hashes the whole state at every block a path enters; hashing
// with llvm::hash_combine, which runs its byte hash over a buffer at every
// call, was a tenth of lint's time on ggml's fattn.cu. One multiply and
// shift per word mixes well enough for a table of states: each step is a
// bijection of the running value, so states that differ in one word differ
// in their hash, and the final avalanche spreads the bits.
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace warpcheck {

class StateHash {
public:
  StateHash &add(uint64_t v) {
    h_ = (h_ ^ v) * 0x9e3779b97f4a7c15ULL;
    h_ ^= h_ >> 29;
    return *this;
  }
  StateHash &add(const void *p) { return add(static_cast<uint64_t>(reinterpret_cast<uintptr_t>(p))); }
  template <typename T, typename = std::enable_if_t<std::is_integral_v<T> || std::is_enum_v<T>>>
  StateHash &add(T v) {
    return add(static_cast<uint64_t>(v));
  }
  // The final value: a full avalanche (splitmix64's finaliser).
  size_t value() const {
    uint64_t z = h_;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return static_cast<size_t>(z ^ (z >> 31));
  }

private:
  uint64_t h_ = 0x243f6a8885a308d3ULL;
};

} // namespace warpcheck
