// REQUIRES: hip
// RUN: %check_warpcheck %s hip-warpsize-hardcoded -- --offload-arch=gfx90a,gfx1100
// CUDA code ported to HIP that still assumes 32-lane warps; gfx90a runs
// 64-lane wavefronts (gfx1100, wave32, is fine and is not named).
#include <hip/hip_runtime.h>

#define WARP_SIZE 32
constexpr int kWarpSize = 32;

// A tree reduction that covers 32 lanes.
__device__ float warp_sum(float v) {
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down(v, offset);
// CHECK-MESSAGES: :[[@LINE-1]]:21: warning: this shuffle loop starts at offset 16, half of a 32-lane warp, but wavefronts on gfx90a have 64 lanes: lanes 0-31 and 32-63 end up with separate results; start at warpSize / 2 [hip-warpsize-hardcoded]
  return v;
}

// The classic two-level block reduction.
__global__ void block_sum(const float *in, float *out, int n) {
  __shared__ float partial[1024 / WARP_SIZE];
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % WARP_SIZE;
// CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'threadIdx.x % WARP_SIZE' assumes 32-lane warps to compute a lane index, but wavefronts on gfx90a have 64 lanes: lanes 32-63 get the indices of lanes 0-31; use warpSize [hip-warpsize-hardcoded]
  int warp = threadIdx.x / WARP_SIZE;
// CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'threadIdx.x / WARP_SIZE' assumes 32-lane warps to compute a warp index, but wavefronts on gfx90a have 64 lanes: each wavefront gets two indices; use warpSize [hip-warpsize-hardcoded]
  float v = warp_sum(tid < n ? in[tid] : 0.f);
  if (lane == 0) partial[warp] = v;
  __syncthreads();
  int warps = (blockDim.x + 31) / 32;
// CHECK-MESSAGES: :[[@LINE-1]]:33: warning: '(blockDim.x + 31) / 32' assumes 32-lane warps to count the warps of a block, but wavefronts on gfx90a have 64 lanes: it counts twice as many as there are; use warpSize [hip-warpsize-hardcoded]
  if (warp == 0) {
    v = lane < warps ? partial[lane] : 0.f;
    v = warp_sum(v);
    if (lane == 0) atomicAdd(out, v);
  }
}

// Stream compaction with a lane index from a bit mask and a named constant.
__global__ void compact(const int *in, int *out, int *count) {
  int lane = threadIdx.x & (kWarpSize - 1);
// CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'threadIdx.x & (kWarpSize - 1)' assumes 32-lane warps to compute a lane index, but wavefronts on gfx90a have 64 lanes: lanes 32-63 get the indices of lanes 0-31; use warpSize [hip-warpsize-hardcoded]
  int wid = threadIdx.x >> 5;
// CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 'threadIdx.x >> 5' assumes 32-lane warps to compute a warp index, but wavefronts on gfx90a have 64 lanes: each wavefront gets two indices; use warpSize [hip-warpsize-hardcoded]
  int keep = in[blockIdx.x * blockDim.x + threadIdx.x] > 0;
  unsigned long long mask = __ballot(keep);
  int base = 0;
  if (lane == 0) base = atomicAdd(count, __popcll(mask));
  base = __shfl(base, 0);
  if (keep) out[base + __popcll(mask & ((1ull << lane) - 1))] = wid;
}

// An inclusive scan whose doubling loop stops within 32 lanes.
__global__ void warp_scan(int *data) {
  int v = data[threadIdx.x];
  int lane = __lane_id();
  for (int d = 1; d < 32; d *= 2) {
// CHECK-MESSAGES: :[[@LINE-1]]:23: warning: this shuffle loop stops at offset 16, within a 32-lane warp, but wavefronts on gfx90a have 64 lanes: lanes 32-63 never combine with lanes 0-31; loop up to warpSize [hip-warpsize-hardcoded]
    int up = __shfl_up(v, d);
    if (lane >= d) v += up;
  }
  data[threadIdx.x] = v;
}
