// REQUIRES: hip
// RUN: %check_warpcheck %s hip-warpsize-hardcoded -- --offload-arch=gfx1100,gfx1201
// Only wave32 archs (RDNA3/RDNA4): a warp size of 32 is right there.
#include <hip/hip_runtime.h>

__global__ void block_sum(const float *in, float *out) {
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int o = 16; o > 0; o /= 2) v += __shfl_down(v, o);
  if ((threadIdx.x & 31) == 0) atomicAdd(out, v + threadIdx.x / 32);
}
