// RUN: %check_warpcheck %s barrier-divergent
// RUN: %warpcheck lint --no-config --exit-zero --format json %s | %FileCheck %s --check-prefix=JSON
// Constexpr standard-library functions that may throw, in device code:
// nvcc accepts std::array::at() with --expt-relaxed-constexpr; clang makes
// at() __host__ __device__ and rejected its host-only __throw_* callee.
// JSON: "messages": [],
// JSON: "status": "analyzed"{{$}}
#include <array>

// Buggy: the table is fine, the barrier under the tail guard is not.
__global__ void lookup_buggy(int *out, int n) {
  constexpr std::array<int, 4> table{1, 2, 3, 4};
  __shared__ int s[128];
  if (int(threadIdx.x) < n) {
    s[threadIdx.x] = table.at(blockIdx.x & 3);
    __syncthreads();
// CHECK-MESSAGES: :[[@LINE-1]]:5: error: barrier '__syncthreads()' {{.*}} [barrier-divergent]
  }
  out[threadIdx.x] = s[threadIdx.x];
}

// Fixed.
__global__ void lookup_fixed(int *out) {
  std::array<int, 4> table{1, 2, 3, 4};
  __shared__ int s[128];
  s[threadIdx.x] = table.at(threadIdx.x & 3);
  __syncthreads();
  out[threadIdx.x] = s[127 - threadIdx.x] + table.front() + table.back() + table[1];
}

// Tricky-clean: at() with an index that is the same for the whole block.
__host__ __device__ constexpr int pick(const std::array<int, 4> &a, int k) { return a.at(k); }
__global__ void uniform_at(int *out, int k) {
  std::array<int, 4> table{4, 3, 2, 1};
  if (pick(table, k) > 2) __syncthreads();
  out[threadIdx.x] = table.at(blockIdx.x & 3);
}
