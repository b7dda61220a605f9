// Warp-specialised tile quantiser: warp 0 loads a tile of keys into shared
// memory and computes the tile's min/max with full-mask shuffles, warp 1
// loads the values, the other warps wait at the barrier; then the block
// quantises each key to one of numBuckets levels of the tile's range and
// accumulates the values per level. The `switch (warp)` is warp-uniform, so
// each full-mask shuffle is called by all 32 lanes of the warp that takes it.

#define TILE 32

__device__ __forceinline__ int warpMin(int v) {
  for (int o = 16; o > 0; o >>= 1) v = min(v, __shfl_xor_sync(0xffffffff, v, o));
  return v;
}
__device__ __forceinline__ int warpMax(int v) {
  for (int o = 16; o > 0; o >>= 1) v = max(v, __shfl_xor_sync(0xffffffff, v, o));
  return v;
}

__global__ void bucketTiles(const int *__restrict__ keys, const int *__restrict__ vals, int *__restrict__ buckets,
                            int n, int numBuckets) {
  __shared__ int sKeys[TILE], sVals[TILE];
  __shared__ int kLo, kHi;
  const int lane = threadIdx.x & 31;
  const int warp = threadIdx.x >> 5;
  const int base = blockIdx.x * TILE;

  switch (warp) {
  case 0: {
    const int k = base + lane < n ? keys[base + lane] : keys[n - 1];
    sKeys[lane] = k;
    const int lo = warpMin(k), hi = warpMax(k);
    if (lane == 0) { kLo = lo; kHi = hi; }
    break;
  }
  case 1:
    sVals[lane] = base + lane < n ? vals[base + lane] : 0;
    break;
  default:
    break;
  }
  __syncthreads();

  for (int t = threadIdx.x; t < TILE && base + t < n; t += blockDim.x) {
    const int span = max(kHi - kLo + 1, 1);
    const int b = (int)((long long)(sKeys[t] - kLo) * numBuckets / span);
    atomicAdd(&buckets[b], sVals[t]);
  }
}
