// RUN: %check_warpcheck %s warp-legacy-intrinsic
// RUN: %warpcheck lint --enable=warp-legacy-intrinsic --exit-zero --format json %s | %FileCheck --check-prefix=FIX %s

__global__ void legacy(const int *p, float *out) {
  int any = __any(p[threadIdx.x] > 0);
// CHECK-MESSAGES: :[[@LINE-1]]:13: error: '__any' has no mask{{.*}} use '__any_sync' [warp-legacy-intrinsic]
  float y = __shfl_down(out[threadIdx.x], 1);
// CHECK-MESSAGES: :[[@LINE-1]]:13: error: '__shfl_down' has no mask{{.*}} [warp-legacy-intrinsic]
  out[threadIdx.x] = y + any;
}

// The fix-it's mask is the set of lanes on the path.
__global__ void half(float *out) {
  if ((threadIdx.x & 31) < 16)
    out[threadIdx.x] = __shfl_xor(out[threadIdx.x], 1);
// CHECK-MESSAGES: :[[@LINE-1]]:24: error: '__shfl_xor' has no mask{{.*}} [warp-legacy-intrinsic]
}

// No fix-it where the lanes are only known at run time.
__global__ void bounds(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = __ballot(out[i] > 0);
// CHECK-MESSAGES: :[[@LINE-1]]:14: error: '__ballot' has no mask{{.*}} [warp-legacy-intrinsic]
}

// FIX: "replacement": "__any_sync(0xffffffff, "
// FIX: "replacement": "__shfl_down_sync(0xffffffff, "
// FIX: "replacement": "__shfl_xor_sync(0xffff, "
// FIX: "message": "no fix-it: which lanes reach this call depends on the thread at run time
