// Warp-synchronous max/sum helpers shared by several kernels, ported by
// keeping CUDA's _sync shuffles and the 32-bit FULL_MASK. HIP's _sync warp
// functions take a 64-bit mask (ROCm 6.2 and later reject a 32-bit one
// with a static_assert), and 0xffffffff names only lanes 0-31 of a 64-lane
// gfx90a wavefront, so lanes 32-63 call the shuffles without being named in
// the mask.
#include <hip/hip_runtime.h>

#define FULL_MASK 0xffffffff

__device__ __forceinline__ float warpMax(float v) {
  for (int o = warpSize / 2; o > 0; o /= 2) v = fmaxf(v, __shfl_xor_sync(FULL_MASK, v, o)); // expect: hip-mask-32bit, warp-mask-missing-lane
  return v;
}

__device__ __forceinline__ float warpSum(float v) {
  for (int o = warpSize / 2; o > 0; o /= 2) v += __shfl_down_sync(FULL_MASK, v, o); // expect: hip-mask-32bit, warp-mask-missing-lane
  return __shfl_sync(FULL_MASK, v, 0); // expect: hip-mask-32bit, warp-mask-missing-lane
}

// Cross-entropy loss per row: one wavefront per row of logits.
__global__ void crossEntropy(const float *logits, const int *target, int rows, int classes, float *loss) {
  const int row = blockIdx.x * (blockDim.x / warpSize) + threadIdx.x / warpSize;
  if (row >= rows) return;
  const float *r = logits + (size_t)row * classes;
  const int lane = threadIdx.x % warpSize;

  float m = -3.4e38f;
  for (int c = lane; c < classes; c += warpSize) m = fmaxf(m, r[c]);
  m = warpMax(m);
  float s = 0.f;
  for (int c = lane; c < classes; c += warpSize) s += __expf(r[c] - m);
  s = warpSum(s);
  if (lane == 0) atomicAdd(loss, (logf(s) + m - r[target[row]]) / rows);
}
