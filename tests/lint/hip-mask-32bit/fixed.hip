// REQUIRES: hip
// RUN: %check_warpcheck %s hip-mask-32bit -- --offload-arch=gfx90a,gfx1100
// buggy.hip with 64-bit masks throughout.
#include <hip/hip_runtime.h>

__global__ void compact(const int *in, int *out, int *counter, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  bool keep = i < n && in[i] > 0;
  unsigned long long mask = __ballot(keep);
  int lane = threadIdx.x % warpSize;
  int base = 0;
  if (lane == 0) base = atomicAdd(counter, __popcll(mask));
  base = __shfl(base, 0);
  unsigned long long below = (1ull << lane) - 1;
  if (keep) out[base + __popcll(mask & below)] = i;
}

__global__ void count_positive(const float *x, int *count) {
  unsigned long long votes = __ballot(x[blockIdx.x * blockDim.x + threadIdx.x] > 0.f);
  if (__lane_id() == 0) atomicAdd(count, __popcll(votes));
}

__device__ float warp_max(float v) {
  const unsigned long long FULL = ~0ull;
  for (int o = warpSize / 2; o > 0; o /= 2) v = fmaxf(v, __shfl_xor_sync(FULL, v, o));
  return v;
}

__global__ void all_done(const int *flags, int *out) {
  int done = __all_sync(~0ull, flags[threadIdx.x] != 0);
  if (__ballot(flags[threadIdx.x] > 1) == __activemask()) out[1] = 1;
  out[0] = done + (int)__popcll(__activemask());
}
