// A warp vote helper written for both HIP platforms: the NVIDIA branch is
// CUDA code with 32-bit masks, the AMD branch uses 64-bit masks. Only the
// AMD branch is compiled in gfx90a passes.
#include <hip/hip_runtime.h>
#include <cstdint>

#if defined(__HIP_PLATFORM_NVIDIA__)
typedef unsigned int lane_mask_t;
#define LANE_POPC(m) __popc(m)
#else
typedef uint64_t lane_mask_t;
#define LANE_POPC(m) __popcll(m)
#endif

__device__ int votesBelow(bool p) {
#if defined(__HIP_PLATFORM_NVIDIA__)
  const lane_mask_t m = __ballot_sync(0xffffffffu, p);
  return __popc(m & ((1u << (threadIdx.x & 31)) - 1));
#else
  const lane_mask_t m = __ballot(p);
  return (int)__popcll(m & __lanemask_lt());
#endif
}

// Writes the positions of the above-threshold samples in order.
__global__ void thresholdPositions(const float *s, int n, float thr, int *pos, int *count) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const bool hit = i < n && s[i] > thr;
  const int r = votesBelow(hit);
  const lane_mask_t all = __ballot(hit);
  int base = 0;
  if (__lane_id() == 0 && all) base = atomicAdd(count, (int)LANE_POPC(all));
  base = __shfl(base, 0);
  if (hit) pos[base + r] = i;
}
