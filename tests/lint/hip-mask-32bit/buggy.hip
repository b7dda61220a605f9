// REQUIRES: hip
// RUN: %check_warpcheck %s hip-mask-32bit -- --offload-arch=gfx90a
// Lane masks kept in 32 bits, as CUDA code has them; gfx90a's wavefronts
// have 64 lanes.
#include <hip/hip_runtime.h>

// Stream compaction, ported with CUDA's mask types.
__global__ void compact(const int *in, int *out, int *counter, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  bool keep = i < n && in[i] > 0;
  unsigned mask = __ballot(keep);
// CHECK-MESSAGES: :[[@LINE-1]]:19: error: '__ballot' gives a 64-bit lane mask on HIP; converting it to 'unsigned int' drops lanes 32-63 of the 64-lane wavefronts on gfx90a; keep it in 'unsigned long long' [hip-mask-32bit]
  int lane = threadIdx.x % warpSize;
  int base = 0;
  if (lane == 0) base = atomicAdd(counter, __popc(mask));
  base = __shfl(base, 0);
  unsigned below = (1u << lane) - 1;
// CHECK-MESSAGES: :[[@LINE-1]]:24: error: a 32-bit 1 shifted by a lane index: undefined for lanes 32-63 of the 64-lane wavefronts on gfx90a; shift '1ull << lane' [hip-mask-32bit]
  if (keep) out[base + __popc(mask & below)] = i;
}

// Counting votes with the 32-bit popcount.
__global__ void count_positive(const float *x, int *count) {
  unsigned long long votes = __ballot(x[blockIdx.x * blockDim.x + threadIdx.x] > 0.f);
  if (__lane_id() == 0) atomicAdd(count, __popc(votes));
// CHECK-MESSAGES: :[[@LINE-1]]:42: error: '__popc' counts the low 32 bits of this 64-bit value: lanes 32-63 of the 64-lane wavefronts on gfx90a are left out; use '__popcll' [hip-mask-32bit]
}

// Full masks written for 32 lanes, passed to the _sync functions.
__device__ float warp_max(float v) {
  const unsigned FULL = 0xffffffff;
  for (int o = warpSize / 2; o > 0; o /= 2) v = fmaxf(v, __shfl_xor_sync(FULL, v, o));
// CHECK-MESSAGES: :[[@LINE-1]]:74: error: the mask of '__shfl_xor_sync' has the 32-bit type 'unsigned int': HIP's warp functions take a 64-bit mask (ROCm 6.2 and later reject this with a static_assert), and 32 bits cannot name lanes 32-63 of a 64-lane wavefront [hip-mask-32bit]
  return v;
}

__global__ void all_done(const int *flags, int *out) {
  int done = __all_sync(0xffffffff, flags[threadIdx.x] != 0);
// CHECK-MESSAGES: :[[@LINE-1]]:25: error: the mask of '__all_sync' has the 32-bit type 'unsigned int': HIP's warp functions take a 64-bit mask (ROCm 6.2 and later reject this with a static_assert), and 32 bits cannot name lanes 32-63 of a 64-lane wavefront [hip-mask-32bit]
  // "Every lane voted": 0xffffffff is every lane of a 32-lane warp only.
  if (__ballot(flags[threadIdx.x] > 1) == 0xffffffff) out[1] = 1;
// CHECK-MESSAGES: :[[@LINE-1]]:40: error: compares the 64-bit lane mask of '__ballot' with 0xffffffff, which names lanes 0-31 only: on gfx90a it is false when all 64 lanes are set; compare with __activemask() or test lanes against warpSize [hip-mask-32bit]
  out[0] = done + (int)(unsigned)__activemask();
// CHECK-MESSAGES: :[[@LINE-1]]:34: error: '__activemask' gives a 64-bit lane mask on HIP; converting it to 'unsigned int' drops lanes 32-63 of the 64-lane wavefronts on gfx90a; keep it in 'unsigned long long' [hip-mask-32bit]
}
