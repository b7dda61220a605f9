// Block-wide max reduction (used for the scale of a per-tensor int8
// quantiser). First stage: each warp reduces its values with shuffles.
// Second stage: the author let only the threads that have a partial take
// part, `if (threadIdx.x < blockDim.x / 32)` -- for a 256-thread block that
// is lanes 0..7 of warp 0 -- and kept the full mask for the shuffles. Lanes
// 8..31 of warp 0 never arrive.

#include <cfloat>

__global__ void absMaxKernel(const float *__restrict__ x, int n, unsigned *__restrict__ absMaxBits) {
  __shared__ float warpMax[32];
  const int lane = threadIdx.x & 31;
  const int warp = threadIdx.x >> 5;

  float m = 0.f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) m = fmaxf(m, fabsf(x[i]));

  for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffff, m, o));
  if (lane == 0) warpMax[warp] = m;
  __syncthreads();

  if (threadIdx.x < blockDim.x / 32) {
    m = warpMax[threadIdx.x];
    for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffff, m, o)); // expect: warp-mask-inactive-lane
    if (threadIdx.x == 0) atomicMax(absMaxBits, __float_as_uint(m));  // non-negative floats order like their bits
  }
}
