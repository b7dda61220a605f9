// Two overlapping suppression regions with different rule lists, closed in
// the order opposite to the one they were opened in. Each END closes the
// latest BEGIN with the same list (the clang-tidy convention), so both
// regions are well formed: the first covers the Pascal fallback helpers
// (legacy intrinsics), the second the reviewed barrier loop below, and the
// two overlap on the helper in between, which has neither finding.

#define FULL_MASK 0xffffffffu

// NOLINTBEGIN(warp-legacy-intrinsic)
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 700
__device__ __forceinline__ float shflDown(float v, int d) { return __shfl_down(v, d); }
#else
__device__ __forceinline__ float shflDown(float v, int d) { return __shfl_down_sync(FULL_MASK, v, d); }
#endif
// NOLINTBEGIN(barrier-divergent)  // expect: unused-suppression
__device__ __forceinline__ float warpSum(float v) {
  for (int d = 16; d > 0; d >>= 1) v += shflDown(v, d);
  return v;
}
// NOLINTEND(warp-legacy-intrinsic)

// Sum of squares per segment, one block per segment; the chunk loop pads
// the segment to a multiple of blockDim.x so every thread makes the same
// trips (the analysis cannot see that; the region above covers it).
__global__ void segmentSumSquares(const float *__restrict__ x, const int *__restrict__ segStart,
                                  float *__restrict__ out) {
  __shared__ float warpSums[32];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const int begin = segStart[blockIdx.x], len = segStart[blockIdx.x + 1] - begin;
  const int padded = (len + blockDim.x - 1) / blockDim.x * blockDim.x;
  float total = 0.f;
  for (int i = threadIdx.x; i < padded; i += blockDim.x) {
    const float v = i < len ? x[begin + i] : 0.f;
    const float s = warpSum(v * v);
    if (lane == 0) warpSums[warp] = s;
    __syncthreads();
    if (threadIdx.x == 0)
      for (int w = 0; w < (int)(blockDim.x >> 5); ++w) total += warpSums[w];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = total;
}
// NOLINTEND(barrier-divergent)
