// RUN: %check_warpcheck %s barrier-divergent
// A `?:` whose two arms are plain variables or elements is an lvalue in
// C++: its value is one of two objects, picked by the condition. A
// thread-dependent condition makes it thread-dependent, like any other
// `?:` (found by the issue-23 audit: these were missed).

__global__ void pick_param(float *out, int a, int b) {
  __shared__ float s[256];
  const int y = (threadIdx.x & 1) ? a : b;
  if (y > 0) {
    s[threadIdx.x] = 1.f;
    __syncthreads();
// CHECK-MESSAGES: :[[@LINE-1]]:5: error: barrier '__syncthreads()' is reached under thread-dependent control{{.*}} [barrier-divergent]
    out[threadIdx.x] = s[255 - threadIdx.x];
  }
}

__global__ void clamp_element(const float *v, float *out, float lo, int n) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = i < n ? v[i] : lo;
  if (x > lo) {
    s[threadIdx.x] = x;
    __syncthreads();
// CHECK-MESSAGES: :[[@LINE-1]]:5: error: barrier '__syncthreads()' is reached under thread-dependent control{{.*}} [barrier-divergent]
    out[i] = s[255 - threadIdx.x];
  }
}

// Through the address: `*(c ? &a : &b)`.
__global__ void pick_pointer(float *out, int a, int b) {
  __shared__ float s[256];
  int y = *((threadIdx.x < 16) ? &a : &b);
  if (y > 0) __syncthreads();
// CHECK-MESSAGES: :[[@LINE-1]]:14: error: barrier '__syncthreads()' is reached under thread-dependent control{{.*}} [barrier-divergent]
  out[threadIdx.x] = s[threadIdx.x];
}

// Clean: the condition is the same for every thread, so is the value.
__global__ void pick_uniform(float *out, int a, int b, int mode) {
  __shared__ float s[256];
  const int y = mode ? a : b;
  if (y > 0) {
    s[threadIdx.x] = 1.f;
    __syncthreads();
    out[threadIdx.x] = s[255 - threadIdx.x];
  }
}

// Clean: both arms pick the same element of a block-uniform array.
__global__ void pick_uniform_elements(const int *cfg, float *out) {
  __shared__ float s[256];
  const int y = blockIdx.x & 1 ? cfg[0] : cfg[1];
  if (y > 0) {
    s[threadIdx.x] = 1.f;
    __syncthreads();
    out[threadIdx.x] = s[255 - threadIdx.x];
  }
}
