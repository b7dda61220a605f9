// RUN: %check_warpcheck %s warp-mask-inactive-lane
// A warp collective inside a device helper (issue 23): the lanes that run
// it are the lanes that reach the call of the helper. The finding is at
// the call, with the chain down to the collective.

__device__ float warp_reduce_sum(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffff, v, o);
  return v;
}

__device__ float row_sum(const float *row) {
  return warp_reduce_sum(row[threadIdx.x % 32]);
}

__global__ void bounded_sum(const float *x, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float s = warp_reduce_sum(x[i]);
// CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'warp_reduce_sum' runs a warp collective whose mask names every lane of the warp, but lanes that may not reach this call are in it{{.*}} [warp-mask-inactive-lane]
    if (threadIdx.x % 32 == 0) atomicAdd(out, s);
  }
}

// Two helpers deep, under a guard that leaves out half of every warp.
__global__ void half_warp_rows(const float *x, float *out) {
  if (threadIdx.x % 32 < 16) out[threadIdx.x] = row_sum(x);
// CHECK-MESSAGES: :[[@LINE-1]]:49: error: 'row_sum' runs a warp collective whose mask names every lane of the warp, but lanes that cannot reach this call are in it{{.*}} [warp-mask-inactive-lane]
}

// Clean: every lane calls; the guard is on the use of the result; a
// warp-uniform guard (whole warps).

__global__ void all_lanes(const float *x, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? x[i] : 0.f;
  float s = warp_reduce_sum(v);
  if (i < n && threadIdx.x % 32 == 0) atomicAdd(out, s);
  if (threadIdx.x / 32 < 4) out[threadIdx.x] = warp_reduce_sum(v);
}
