// RUN: %check_warpcheck %s barrier-divergent
// RUN: %warpcheck lint --no-config --exit-zero --format json %s | %FileCheck %s --check-prefix=JSON
// std::optional::value(), std::get on a variant and std::any_cast in
// device code: nvcc accepts them with --expt-relaxed-constexpr; their
// host-only __throw_bad_*_access helpers are defined inline in <optional>,
// <variant> and <any>, not in bits/functexcept.h, and clang rejected the
// device pass. Host code keeps the host helpers.
// JSON: "messages": [],
// JSON: "status": "analyzed"{{$}}
#include <optional>
#include <variant>

__device__ int value_or_trap(std::optional<int> o) { return o.value(); }
__device__ int as_int(std::variant<int, float> v) { return std::get<int>(v); }

// Buggy: the accessors are fine, the barrier under the tail guard is not.
__global__ void gather_buggy(int *out, const int *in, int n) {
  __shared__ int s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    s[threadIdx.x] = value_or_trap(std::optional<int>(in[i])) + as_int(std::variant<int, float>(1));
    __syncthreads();
// CHECK-MESSAGES: :[[@LINE-1]]:5: error: barrier '__syncthreads()' is reached under thread-dependent control{{.*}} [barrier-divergent]
    out[i] = s[(threadIdx.x + 1) % 256];
  }
}

// Fixed: every thread reaches the barrier.
__global__ void gather_fixed(int *out, const int *in, int n) {
  __shared__ int s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = i < n ? value_or_trap(std::optional<int>(in[i])) : 0;
  __syncthreads();
  if (i < n) out[i] = s[(threadIdx.x + 1) % 256];
}

// Host code calls the same accessors (the host helpers).
int host_sum(std::optional<int> a, std::variant<int, float> b) { return a.value() + std::get<int>(b); }
