// RUN: %check_warpcheck %s barrier-divergent
// RUN: %warpcheck lint --no-config --exit-zero --format json %s | %FileCheck %s --check-prefix=JSON
// Cache-hint loads __ldlu and __ldca (sm_32_intrinsics.h): nvcc has them,
// clang's CUDA wrappers have __ldg, __ldcg, __ldcs and __ldcv only.
// JSON: "messages": [],
// JSON: "status": "analyzed"{{$}}

// Buggy: the loads are fine, the barrier under the tail guard is not.
__global__ void stream_buggy(const float *x, const float4 *y, float *out, int n) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    s[threadIdx.x] = __ldlu(x + i) + __ldca(x + i) + __ldlu(y + i).x + __ldca(y + i).w;
    __syncthreads();
// CHECK-MESSAGES: :[[@LINE-1]]:5: error: barrier '__syncthreads()' is reached under thread-dependent control{{.*}} [barrier-divergent]
    out[i] = s[(threadIdx.x + 1) % 256];
  }
}

// Fixed: every thread reaches the barrier.
__global__ void stream_fixed(const float *x, const int2 *y, float *out, int n) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = i < n ? __ldlu(x + i) + (float)__ldca(y + i).x : 0.f;
  __syncthreads();
  if (i < n) out[i] = s[(threadIdx.x + 1) % 256];
}
