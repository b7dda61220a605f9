// RUN: %check_warpcheck %s warp-mask-missing-lane

__global__ void all_positive(const int *p, int *out) {
  int pred = p[threadIdx.x] > 0;
  if (threadIdx.x < 4)
    out[threadIdx.x] = __all_sync(0b0011, pred);
// CHECK-MESSAGES: :[[@LINE-1]]:24: error: lanes that reach '__all_sync' are missing from its mask 0x3{{.*}} [warp-mask-missing-lane]
}

// Lanes past 16 call with a half mask.
__global__ void half_mask(float *v) {
  v[threadIdx.x] = __shfl_xor_sync(0x0000ffff, v[threadIdx.x], 1);
// CHECK-MESSAGES: :[[@LINE-1]]:20: error: lanes that reach '__shfl_xor_sync' are missing from its mask 0xffff{{.*}} [warp-mask-missing-lane]
}

// Data decides who calls; lanes outside the mask may.
__global__ void data_dependent(const float *x, int *out) {
  if (x[threadIdx.x] > 0.f)
    __syncwarp(0x1);
// CHECK-MESSAGES: :[[@LINE-1]]:5: warning: lanes that may reach '__syncwarp' are missing from its mask 0x1{{.*}} [warp-mask-missing-lane]
}

// A ballot mask used outside the branch on its predicate.
__global__ void ballot_outside(const float *x, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned mask = __ballot_sync(0xffffffff, i < n);
  out[threadIdx.x] = __shfl_sync(mask, 1.f, 0);
// CHECK-MESSAGES: :[[@LINE-1]]:22: warning: lanes that reach '__shfl_sync' may be missing from its mask{{.*}} [warp-mask-missing-lane]
}
