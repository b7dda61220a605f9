// REQUIRES: hip
// RUN: %check_warpcheck %s hip-mask-32bit -- --offload-arch=gfx90a
// 32-bit values that are not lane masks, and lane indices below 32.
#include <hip/hip_runtime.h>

__global__ void not_masks(const unsigned long long *keys, unsigned *out, int *hist) {
  // A 64-bit key split into halves: data, not a mask.
  unsigned long long k = keys[threadIdx.x];
  unsigned lo = (unsigned)k, hi = (unsigned)(k >> 32);
  // A 32-bit popcount of 32-bit data.
  atomicAdd(&hist[__popc(lo) & 31], 1);
  // A bit index below 32 by construction.
  unsigned bit = 1u << (threadIdx.x & 31);
  // A byte shift: 1 << a small constant.
  unsigned flag = 1u << 7;
  // The upper half of a ballot, taken on purpose after shifting it down.
  unsigned long long b = __ballot(lo != hi);
  unsigned upper = (unsigned)(b >> 32) & 0u;
  out[threadIdx.x] = lo ^ hi ^ bit ^ flag ^ upper;
  // 64-bit masks end to end.
  unsigned long long m = __ballot(lo > hi) & __activemask();
  if (m == ~0ull) out[0] = __popcll(m) + __ffsll((long long)m);
}
