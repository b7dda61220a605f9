#pragma once
// The three-level lattice of thread dependence:
//   Uniform < Warp < Thread
// Uniform: the same for every thread of the block (blockIdx, kernel params).
// Warp:    the same for the lanes of one warp, may differ between warps
//          (the linear thread id / warpSize).
// Thread:  may differ between the lanes of a warp (threadIdx.x).
#include "clang/Basic/SourceLocation.h"
#include <cstdint>
#include <string>

namespace warpcheck {

enum class Divergence : uint8_t { Uniform = 0, Warp = 1, Thread = 2 };

const char *divergenceName(Divergence d);

// Why a value is divergent: the expression that introduced the divergence.
struct DivergenceOrigin {
  clang::SourceLocation loc;
  std::string what; // "threadIdx.x", "the result of atomicAdd", ...
};

// An abstract value: a level, plus the parameters of the enclosing function
// it depends on (bit i = parameter i), so that summaries of device functions
// can be instantiated at each call site with the levels of its arguments.
struct Uniformity {
  Divergence level = Divergence::Uniform;
  uint64_t params = 0;
  const DivergenceOrigin *origin = nullptr; // set when level > Uniform
  // The value depends on the thread only through its lane (threadIdx.x % 32,
  // shared memory read at [lane]): every warp sees the same values, lane for
  // lane, so a full-warp vote or reduction of it is block-uniform.
  bool warpIndependent = true;
  // Parameters whose arguments decide whether a full-warp vote in this
  // function is block-uniform (argument the same in every warp, lane for
  // lane) or only warp-uniform: wrappers like `warp_reduce_all(x)`.
  uint64_t voteParams = 0;

  bool isUniform() const { return level == Divergence::Uniform && params == 0 && voteParams == 0; }
  // Joins `other` into this; true when this changed.
  bool join(const Uniformity &other);
  bool operator==(const Uniformity &o) const {
    return level == o.level && params == o.params && warpIndependent == o.warpIndependent &&
           voteParams == o.voteParams;
  }
};

} // namespace warpcheck
