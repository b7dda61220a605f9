// Bitonic sort of 32 candidate distances per query, one per lane (the last
// stage of a brute-force k-nearest-neighbour search), with the
// compare-exchange partner fetched by __shfl_xor_sync over the full warp.
// Queries are assigned per warp and blockDim.x is a multiple of 32, so the
// early return removes whole warps and the remaining ones shuffle with all
// 32 lanes present.

#define FULL_MASK 0xffffffffu

__device__ __forceinline__ float cmpSwap(float key, int lane, int j, bool ascending) {
  float other = __shfl_xor_sync(FULL_MASK, key, j);
  bool lower = (lane & j) == 0;
  return lower == ascending ? fminf(key, other) : fmaxf(key, other);
}

__device__ float warpBitonicSort(float key, int lane) {
#pragma unroll
  for (int k = 2; k <= 32; k <<= 1) {
#pragma unroll
    for (int j = k >> 1; j > 0; j >>= 1) key = cmpSwap(key, lane, j, (lane & k) == 0 || k == 32);
  }
  return key;
}

__global__ void knnSelect(const float *__restrict__ queries, const float *__restrict__ refs, int numQueries,
                          int dim, int k, float *__restrict__ bestDist) {
  const int lane = threadIdx.x & 31;
  const int q = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  if (q >= numQueries) return;

  // Lane j measures the distance from query q to reference point j.
  float d2 = 0.f;
  for (int c = 0; c < dim; ++c) {
    float diff = queries[q * dim + c] - refs[lane * dim + c];
    d2 += diff * diff;
  }
  float sorted = warpBitonicSort(d2, lane);
  if (lane < k) bestDist[q * k + lane] = sqrtf(sorted);
}
