// RUN: %check_warpcheck %s barrier-divergent
// RUN: %warpcheck lint --no-config --exit-zero --format json %s | %FileCheck %s --check-prefix=JSON
// An unqualified max/min in host code: nvcc's headers define them
// __host__ __device__, clang's only __device__, and clang makes a lambda
// __host__ __device__, so the host pass found no host candidate.
// JSON: "messages": [],
// JSON: "status": "analyzed"{{$}}
#include <algorithm>
#include <vector>

int largest(const std::vector<int> &v) {
  int best = 0;
  std::for_each(v.begin(), v.end(), [&](int x) { best = max(best, x); });
  auto lo = [](unsigned a, unsigned b) { return min(a, b); };
  return best + int(lo(3u, 4u)) + int(max(1L, 2L)) + int(max(1.f, 2.f)) + int(umax(1u, 2u));
}

// Buggy: the device max decides a barrier per thread.
__global__ void clamp_buggy(int *out) {
  __shared__ int s[128];
  if (max(int(threadIdx.x), 8) > 16) {
    s[threadIdx.x] = 1;
    __syncthreads();
// CHECK-MESSAGES: :[[@LINE-1]]:5: error: barrier '__syncthreads()' {{.*}} [barrier-divergent]
  }
  out[threadIdx.x] = s[threadIdx.x];
}

// Fixed, and a __host__ __device__ lambda-like helper using both sides.
__host__ __device__ inline int clamp_hd(int v) { return min(max(v, 0), 127); }
__global__ void clamp_fixed(int *out) {
  __shared__ int s[128];
  s[threadIdx.x] = clamp_hd(int(threadIdx.x));
  __syncthreads();
  auto l = [](int a, int b) { return max(a, b); };
  out[threadIdx.x] = l(s[127 - threadIdx.x], 0);
}

// Tricky-clean: max of block-uniform values decides the barrier.
__global__ void uniform_max(int *out, int n) {
  if (max(int(blockIdx.x), n) > 4) __syncthreads();
  out[threadIdx.x] = 0;
}
int host_side(int a, int b) { return max(a, b) + min(a, b); }
