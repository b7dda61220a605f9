// RUN: %check_warpcheck %s warp-mask-inactive-lane

// A full mask inside a bounds check: the lanes past n never arrive.
__global__ void warp_sums(const float *x, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i];
    for (int o = 16; o > 0; o >>= 1)
      v += __shfl_down_sync(0xffffffff, v, o);
// CHECK-MESSAGES: :[[@LINE-1]]:12: warning: mask 0xffffffff of '__shfl_down_sync' names lanes that may not reach this call{{.*}} [warp-mask-inactive-lane]
    if ((threadIdx.x & 31) == 0) atomicAdd(out, v);
  }
}

// A full mask where half the warp cannot be: definite.
__global__ void half_warp(const int *p, int *out) {
  int lane = threadIdx.x % 32;
  if (lane < 16)
    out[lane] = __shfl_sync(0xffffffff, p[lane], 0);
// CHECK-MESSAGES: :[[@LINE-1]]:17: error: mask 0xffffffff of '__shfl_sync' names lanes that cannot reach this call{{.*}} [warp-mask-inactive-lane]
}

// A block that is not a whole number of warps past threadIdx.x 40.
__global__ void partial_warp(int *out) {
  if (threadIdx.x < 40)
    __syncwarp();
// CHECK-MESSAGES: :[[@LINE-1]]:5: error: mask 0xffffffff of '__syncwarp' names lanes that cannot reach this call{{.*}} [warp-mask-inactive-lane]
}

// The catalogue's invalid example: lane 0 does not take part.
__global__ void broadcast(int *out) {
  int laneId = threadIdx.x & 31;
  int value = out[threadIdx.x];
  out[threadIdx.x] = (laneId > 0) ? __shfl_sync(0xFFFFFFFF, value, 0) : 0;
// CHECK-MESSAGES: :[[@LINE-1]]:37: error: mask 0xffffffff of '__shfl_sync' names lanes that cannot reach this call{{.*}} [warp-mask-inactive-lane]
}

// A ballot before a second, unrelated thread-dependent branch.
__global__ void ballot_then_other_branch(const int *x, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned mask = __ballot_sync(0xffffffff, i < n);
  if (i < n && x[i] > 0)
    out[i] = __shfl_sync(mask, x[i], 0);
// CHECK-MESSAGES: :[[@LINE-1]]:14: warning: the mask of '__shfl_sync' names lanes that may not reach this call{{.*}} [warp-mask-inactive-lane]
}
