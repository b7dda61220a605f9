// Warp max/sum helpers using the _sync shuffles with HIP's 64-bit masks:
// the full mask is `~0ull` where every lane of the wavefront calls, and
// the mask of a partial warp is taken from __activemask() / __ballot_sync
// before the data-dependent branch, so it names exactly the lanes that
// call.
#include <hip/hip_runtime.h>

__device__ __forceinline__ float warpMax(unsigned long long mask, float v) {
  for (int o = warpSize / 2; o > 0; o /= 2) v = fmaxf(v, __shfl_xor_sync(mask, v, o));
  return v;
}

__device__ __forceinline__ float warpSum(unsigned long long mask, float v) {
  for (int o = warpSize / 2; o > 0; o /= 2) v += __shfl_xor_sync(mask, v, o);
  return v;
}

// Row-wise log-sum-exp, one wavefront per row; every lane of the block
// reaches the shuffles (out-of-range rows compute on neutral values).
__global__ void logSumExp(const float *x, int rows, int cols, float *out) {
  const unsigned long long full = ~0ull;
  const int row = blockIdx.x * (blockDim.x / warpSize) + threadIdx.x / warpSize;
  const bool valid = row < rows;
  const int lane = __lane_id();
  float m = -3.4e38f;
  for (int c = lane; valid && c < cols; c += warpSize) m = fmaxf(m, x[(size_t)row * cols + c]);
  m = warpMax(full, m);
  float s = 0.f;
  for (int c = lane; valid && c < cols; c += warpSize) s += __expf(x[(size_t)row * cols + c] - m);
  s = warpSum(full, s);
  if (valid && lane == 0) out[row] = m + __logf(s);
}
