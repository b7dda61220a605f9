// Warp-aggregated atomic increment (the "atomicAggInc" idiom) written for
// both HIP back ends: the NVIDIA branch keeps the CUDA code with 32-lane
// masks and `& 31`, the AMD branch uses 64-bit ballots and __lane_id().
// `__HIP_PLATFORM_NVIDIA__` is not defined in AMD device passes, so the
// 32-lane code is never compiled for gfx90a.
#include <hip/hip_runtime.h>

__device__ int atomicAggInc(int *counter) {
#if defined(__HIP_PLATFORM_NVIDIA__)
  const unsigned active = __activemask();
  const int lane = threadIdx.x & 31;
  const int leader = __ffs(active) - 1;
  int base = 0;
  if (lane == leader) base = atomicAdd(counter, __popc(active));
  base = __shfl_sync(active, base, leader);
  return base + __popc(active & ((1u << lane) - 1));
#else
  const unsigned long long active = __ballot(1);
  const int lane = __lane_id();
  const int leader = __ffsll((unsigned long long)active) - 1;
  int base = 0;
  if (lane == leader) base = atomicAdd(counter, __popcll(active));
  base = __shfl(base, leader);
  return base + __popcll(active & ((1ull << lane) - 1));
#endif
}

// Collect the indices of the particles that left the domain.
__global__ void collectEscaped(const float4 *pos, int n, float bound, int *escaped, int *count) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float4 p = pos[i];
  if (fabsf(p.x) > bound || fabsf(p.y) > bound || fabsf(p.z) > bound) escaped[atomicAggInc(count)] = i;
}
