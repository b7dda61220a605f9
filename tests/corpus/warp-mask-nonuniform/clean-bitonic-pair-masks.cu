// Bitonic sort of 32 keys per warp in registers: at each compare-exchange
// step a lane exchanges with lane ^ j, and the shuffle's mask is just the
// pair {lane, lane ^ j}. Every lane passes a different mask, but two lanes
// either form the same pair (same mask) or name disjoint pairs.

__device__ __forceinline__ unsigned compareExchange(unsigned key, int j, int k, unsigned lane) {
  const unsigned pair = (1u << lane) | (1u << (lane ^ j));
  const unsigned other = __shfl_xor_sync(pair, key, j);
  const bool up = (lane & k) == 0;
  const bool lower = (lane & j) == 0;
  return (lower == up) ? min(key, other) : max(key, other);
}

__global__ void warpBitonicSort(unsigned *__restrict__ keys, int numWarps) {
  const unsigned lane = threadIdx.x & 31;
  const int w = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  if (w >= numWarps) return;
  unsigned key = keys[w * 32 + lane];
#pragma unroll
  for (int k = 2; k <= 32; k <<= 1)
#pragma unroll
    for (int j = k >> 1; j > 0; j >>= 1) key = compareExchange(key, j, k, lane);
  keys[w * 32 + lane] = key;
}
