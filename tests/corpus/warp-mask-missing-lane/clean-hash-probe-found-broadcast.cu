// Warp-cooperative probing of an open-addressing hash table (one query per
// warp, 32 slots per step). The value is broadcast from the first matching
// lane with the full mask: `if (found)` is the same for the whole warp, so
// all 32 lanes call the shuffle and all are named.

#define EMPTY_KEY 0xffffffffu

__device__ __forceinline__ unsigned hashKey(unsigned k) {
  k ^= k >> 16;
  k *= 0x7feb352du;
  k ^= k >> 15;
  return k;
}

__global__ void warpProbe(const unsigned *__restrict__ tableKeys, const int *__restrict__ tableVals, unsigned capacity,
                          const unsigned *__restrict__ queries, int *__restrict__ results, int numQueries) {
  const int lane = threadIdx.x & 31;
  const int q = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  if (q >= numQueries) return;
  const unsigned key = queries[q];

  for (unsigned start = hashKey(key) & (capacity - 1) & ~31u, step = 0; step < capacity; step += 32) {
    const unsigned slot = (start + step + lane) & (capacity - 1);
    const unsigned k = tableKeys[slot];
    const int val = tableVals[slot];
    const unsigned found = __ballot_sync(0xffffffffu, k == key);
    if (found) {
      const int v = __shfl_sync(0xffffffffu, val, __ffs(found) - 1);
      if (lane == 0) results[q] = v;
      return;
    }
    if (__any_sync(0xffffffffu, k == EMPTY_KEY)) break;
  }
  if (lane == 0) results[q] = -1;
}
