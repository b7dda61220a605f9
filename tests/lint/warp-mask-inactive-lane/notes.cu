// RUN: %check_warpcheck %s warp-mask-inactive-lane
// The notes explain the finding: the lane, the branch, the source.

__global__ void warp_sums(const float *x, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i];
    for (int o = 16; o > 0; o >>= 1)
      v += __shfl_down_sync(0xffffffff, v, o);
// CHECK-NOTES: :[[@LINE-1]]:12: warning: mask 0xffffffff of '__shfl_down_sync' names lanes that may not reach this call{{.*}} [warp-mask-inactive-lane]
// CHECK-NOTES: :[[@LINE-2]]:29: note: for example lane 0 of warp 0 (threadIdx.x == 0) is in the mask but may not reach the call
// CHECK-NOTES: :[[@LINE-6]]:7: note: the 'if' condition is thread-dependent because it depends on threadIdx.x
// CHECK-NOTES: :[[@LINE-8]]:37: note: threadIdx.x is thread-dependent here
  }
}

__global__ void half_warp(const int *p, int *out) {
  int lane = threadIdx.x % 32;
  if (lane < 16)
    out[lane] = __shfl_sync(0xffffffff, p[lane], 0);
// CHECK-NOTES: :[[@LINE-1]]:17: error: mask 0xffffffff of '__shfl_sync' names lanes that cannot reach this call{{.*}} [warp-mask-inactive-lane]
// CHECK-NOTES: :[[@LINE-2]]:29: note: for example lane 16 of warp 0 (threadIdx.x == 16) is in the mask but does not reach the call
// CHECK-NOTES: :[[@LINE-4]]:7: note: the 'if' condition is thread-dependent because it depends on threadIdx.x
// CHECK-NOTES: :[[@LINE-6]]:14: note: threadIdx.x is thread-dependent here
}
