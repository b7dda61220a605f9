// Bitonic sort of 32 keys held one per lane (the last stage of a
// k-selection / top-k kernel): compare-exchange with the partner lane
// `lane ^ j`, fetched with the legacy __shfl_xor. Without a mask the
// exchange assumes lockstep warps; under independent thread scheduling
// (sm_70 and later) a lane can read its partner's key from another stage.

__device__ __forceinline__ float cmpSwap(float key, int lane, int j, bool ascending) {
  float other = __shfl_xor(key, j);  // expect: warp-legacy-intrinsic
  bool lower = (lane & j) == 0;
  bool keepMin = lower == ascending;
  return keepMin ? fminf(key, other) : fmaxf(key, other);
}

__device__ float warpBitonicSort(float key, int lane) {
#pragma unroll
  for (int k = 2; k <= 32; k <<= 1) {
#pragma unroll
    for (int j = k >> 1; j > 0; j >>= 1) {
      bool ascending = (lane & k) == 0 || k == 32;
      key = cmpSwap(key, lane, j, ascending);
    }
  }
  return key;
}

// Each warp sorts one candidate list of 32 distances and keeps the k best.
__global__ void topKPerQuery(const float *__restrict__ dist, float *__restrict__ best, int queries, int k) {
  const int lane = threadIdx.x & 31;
  const int q = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  if (q >= queries) return;
  float key = dist[q * 32 + lane];
  key = warpBitonicSort(key, lane);
  if (lane < k) best[q * k + lane] = key;
}
