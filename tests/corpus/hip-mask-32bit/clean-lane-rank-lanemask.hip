// Radix-sort scatter step: each thread ranks its key among the earlier
// lanes of its wavefront that have the same digit, using 64-bit masks
// throughout: __lanemask_lt() for "lanes below me", `1ull << lane` for my
// own bit, __popcll / __ffsll for counts and leaders.
#include <hip/hip_runtime.h>

#define RADIX_BITS 4
#define RADIX (1 << RADIX_BITS)

__global__ void scatterByDigit(const unsigned *keys, int n, int shift, const int *digitOffsets, int *cursor,
                               unsigned *out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const bool valid = i < n;
  const unsigned key = valid ? keys[i] : 0u;
  const unsigned digit = valid ? (key >> shift) & (RADIX - 1) : RADIX;
  const int lane = __lane_id();
  const unsigned long long self = 1ull << lane;

  unsigned long long peers = __ballot(valid);
  for (int b = 0; b < RADIX_BITS; ++b) {
    const unsigned long long votes = __ballot((digit >> b) & 1);
    peers &= ((digit >> b) & 1) ? votes : ~votes;
  }
  if (!valid) return;

  const int rank = __popcll(peers & __lanemask_lt());
  const int leader = __ffsll(peers) - 1;
  int base = 0;
  if (lane == leader && (peers & self)) base = atomicAdd(&cursor[digit], __popcll(peers));
  base = __shfl(base, leader);
  out[digitOffsets[digit] + base + rank] = key;
}
