// REQUIRES: hip
// RUN: %check_warpcheck %s hip-warpsize-hardcoded -- --offload-arch=gfx90a,gfx1100
// buggy.hip with the warp size taken from warpSize: correct on wave32 and
// wave64 alike.
#include <hip/hip_runtime.h>

__device__ float warp_sum(float v) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_down(v, offset);
  return v;
}

__global__ void block_sum(const float *in, float *out, int n) {
  __shared__ float partial[1024 / 32]; // enough slots for the narrowest warps
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % warpSize;
  int warp = threadIdx.x / warpSize;
  float v = warp_sum(tid < n ? in[tid] : 0.f);
  if (lane == 0) partial[warp] = v;
  __syncthreads();
  int warps = (blockDim.x + warpSize - 1) / warpSize;
  if (warp == 0) {
    v = lane < warps ? partial[lane] : 0.f;
    v = warp_sum(v);
    if (lane == 0) atomicAdd(out, v);
  }
}

__global__ void compact(const int *in, int *out, int *count) {
  int lane = threadIdx.x & (warpSize - 1);
  int wid = threadIdx.x / warpSize;
  int keep = in[blockIdx.x * blockDim.x + threadIdx.x] > 0;
  unsigned long long mask = __ballot(keep);
  int base = 0;
  if (lane == 0) base = atomicAdd(count, __popcll(mask));
  base = __shfl(base, 0);
  if (keep) out[base + __popcll(mask & ((1ull << lane) - 1))] = wid;
}

__global__ void warp_scan(int *data) {
  int v = data[threadIdx.x];
  int lane = __lane_id();
  for (int d = 1; d < warpSize; d *= 2) {
    int up = __shfl_up(v, d);
    if (lane >= d) v += up;
  }
  data[threadIdx.x] = v;
}
