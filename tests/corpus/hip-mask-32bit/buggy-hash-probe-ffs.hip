// Warp-cooperative lookup in an open-addressing hash table (WarpCore /
// SlabHash style): each query is handled by a whole wavefront, every lane
// inspects one slot of the probe window, and the first matching lane wins.
// The winner is found with __ffs on the ballot, kept in CUDA's 32-bit
// `unsigned` (HIP's __ffs takes 32 bits): on gfx90a a match in slots 32-63
// of the window is not seen and the probe moves on, or reports a miss,
// although the key is there.
#include <hip/hip_runtime.h>

#define EMPTY_KEY 0xffffffffu

__device__ unsigned hashKey(unsigned k) {
  k ^= k >> 16; k *= 0x85ebca6bu; k ^= k >> 13; k *= 0xc2b2ae35u; k ^= k >> 16;
  return k;
}

__global__ void warpProbe(const unsigned *tableKeys, const unsigned *tableVals, unsigned capacity,
                          const unsigned *queries, int numQueries, unsigned *results) {
  const int q = blockIdx.x * (blockDim.x / warpSize) + threadIdx.x / warpSize;
  const int lane = __lane_id();
  if (q >= numQueries) return;
  const unsigned key = queries[q];
  unsigned pos = hashKey(key) % capacity;

  for (unsigned probed = 0; probed < capacity; probed += warpSize) {
    const unsigned slot = (pos + lane) % capacity;
    const unsigned k = tableKeys[slot];
    const unsigned hits = __ballot(k == key); // expect: hip-mask-32bit
    const int first = __ffs(hits) - 1;
    if (first >= 0) {
      if (lane == first) results[q] = tableVals[slot];
      return;
    }
    if (__ballot(k == EMPTY_KEY)) break;
    pos = (pos + warpSize) % capacity;
  }
  if (lane == 0) results[q] = EMPTY_KEY;
}
