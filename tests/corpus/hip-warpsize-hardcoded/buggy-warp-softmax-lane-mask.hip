// Row softmax with one warp per row, ported from a CUDA inference kernel.
// Each warp reduces the row max and sum with a shuffle-down tree and then
// broadcasts lane 0's result with __shfl(v, 0), the hipified form of
// __shfl_sync(0xffffffff, v, 0). The lane and warp indices use `& 31` and
// `>> 5`: on gfx90a the two 32-lane halves of a wavefront work on two
// different rows, but __shfl(v, 0) reads lane 0 of the whole 64-lane
// wavefront, so the second row is normalised with the first row's max and
// sum.
#include <hip/hip_runtime.h>
#include <cfloat>

__device__ __forceinline__ float warpBroadcastMax(float v) {
  for (int offset = 16; offset > 0; offset >>= 1) // expect: hip-warpsize-hardcoded
    v = fmaxf(v, __shfl_down(v, offset));
  return __shfl(v, 0);
}

__device__ __forceinline__ float warpBroadcastSum(float v) {
  for (int offset = 16; offset > 0; offset >>= 1) // expect: hip-warpsize-hardcoded
    v += __shfl_down(v, offset);
  return __shfl(v, 0);
}

__global__ void softmaxRows(const float *__restrict__ x, float *__restrict__ y, int rows, int cols) {
  const int lane = threadIdx.x & 31; // expect: hip-warpsize-hardcoded
  const int warp = threadIdx.x >> 5; // expect: hip-warpsize-hardcoded
  const int warpsPerBlock = blockDim.x >> 5; // expect: hip-warpsize-hardcoded
  const int row = blockIdx.x * warpsPerBlock + warp;
  if (row >= rows) return;

  const float *xr = x + (size_t)row * cols;
  float *yr = y + (size_t)row * cols;

  float m = -FLT_MAX;
  for (int c = lane; c < cols; c += 32) m = fmaxf(m, xr[c]);
  m = warpBroadcastMax(m);

  float s = 0.f;
  for (int c = lane; c < cols; c += 32) s += __expf(xr[c] - m);
  s = warpBroadcastSum(s);

  const float inv = 1.f / s;
  for (int c = lane; c < cols; c += 32) yr[c] = __expf(xr[c] - m) * inv;
}
