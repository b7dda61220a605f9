// Row softmax, one warp per row (cols up to a few thousand). `row` depends
// only on the warp index, so `if (row < rows)` sends whole warps one way and
// the full-mask butterflies inside it name exactly the lanes that arrive.
// Per-lane column loops run before the shuffles, not around them.

#include <cfloat>

#define WARPS_PER_BLOCK 8

__device__ __forceinline__ float warpMax(float v) {
  for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, o));
  return v;
}

__device__ __forceinline__ float warpSum(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffff, v, o);
  return v;
}

__global__ void __launch_bounds__(WARPS_PER_BLOCK * 32)
softmaxRows(const float *__restrict__ x, float *__restrict__ y, int rows, int cols) {
  const int lane = threadIdx.x & 31;
  const int warp = threadIdx.x >> 5;
  const int row = blockIdx.x * WARPS_PER_BLOCK + warp;
  if (row < rows) {
    const float *xr = x + (size_t)row * cols;
    float *yr = y + (size_t)row * cols;
    float m = -FLT_MAX;
    for (int c = lane; c < cols; c += 32) m = fmaxf(m, xr[c]);
    m = warpMax(m);
    float s = 0.f;
    for (int c = lane; c < cols; c += 32) s += __expf(xr[c] - m);
    s = warpSum(s);
    const float inv = 1.f / s;
    for (int c = lane; c < cols; c += 32) yr[c] = __expf(xr[c] - m) * inv;
  }
}
