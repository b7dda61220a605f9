// REQUIRES: hip
// RUN: %check_warpcheck %s hip-warpsize-constexpr
// warpSize treated as a compile-time constant or read on the host: fine
// with HIP before ROCm 7 (64 in every host pass), an error since.
#include <hip/hip_runtime.h>

#if __AMDGCN_WAVEFRONT_SIZE == 64
// CHECK-MESSAGES: :[[@LINE-1]]:5: error: '__AMDGCN_WAVEFRONT_SIZE' is no longer predefined by clang (deprecated, gone in clang 20 and later): this #if silently compares 0 with current HIP compilers; use warpSize in device code, or a WarpSize template parameter chosen on the host [hip-warpsize-constexpr]
#define WAVE64 1
#endif

#ifndef __AMDGCN_WAVEFRONT_SIZE
// CHECK-MESSAGES: :[[@LINE-1]]:9: error: '__AMDGCN_WAVEFRONT_SIZE' is no longer predefined by clang (deprecated, gone in clang 20 and later): this test silently takes its 'undefined' branch with current HIP compilers; use warpSize in device code, or a WarpSize template parameter chosen on the host [hip-warpsize-constexpr]
#define WAVE_UNKNOWN 1
#endif

#if warpSize == 64
// CHECK-MESSAGES: :[[@LINE-1]]:5: error: 'warpSize' is a variable, not a macro: in #if it is 0, so this condition never sees the warp size; branch on warpSize in device code (if, not #if), or use a WarpSize template parameter chosen on the host [hip-warpsize-constexpr]
#define WS64 1
#endif

#define LANES_PER_WAVE __AMDGCN_WAVEFRONT_SIZE
// CHECK-MESSAGES: :[[@LINE-1]]:24: error: '__AMDGCN_WAVEFRONT_SIZE' is no longer predefined by clang (deprecated, gone in clang 20 and later): this does not compile with current HIP compilers; use warpSize in device code, or a WarpSize template parameter chosen on the host [hip-warpsize-constexpr]

template <int N> __device__ float sum_lanes(const float *p) {
  float s = 0;
  for (int i = 0; i < N; ++i) s += p[i];
  return s;
}

__global__ void __launch_bounds__(4 * warpSize) per_warp_sums(const float *in, float *out) {
// CHECK-MESSAGES: :[[@LINE-1]]:39: error: 'warpSize' used as a compile-time constant (__launch_bounds__): it is not one since ROCm 7, where this does not compile, and its value is the device's; take the warp size as a template parameter chosen on the host (hipDeviceGetAttribute(&ws, hipDeviceAttributeWarpSize, dev)) [hip-warpsize-constexpr]
  __shared__ float partial[1024 / warpSize];
// CHECK-MESSAGES: :[[@LINE-1]]:35: error: 'warpSize' used as a compile-time constant (an array bound){{.*}} [hip-warpsize-constexpr]
  constexpr int lanes = warpSize;
// CHECK-MESSAGES: :[[@LINE-1]]:25: error: 'warpSize' used as a compile-time constant (the initializer of constexpr 'lanes'){{.*}} [hip-warpsize-constexpr]
  static_assert(warpSize % 32 == 0, "whole warps");
// CHECK-MESSAGES: :[[@LINE-1]]:17: error: 'warpSize' used as a compile-time constant (a static_assert){{.*}} [hip-warpsize-constexpr]
  int lane = threadIdx.x % warpSize;
  if (lane == 0) partial[threadIdx.x / warpSize] = in[threadIdx.x];
  __syncthreads();
  if constexpr (warpSize == 64) out[0] = partial[0];
// CHECK-MESSAGES: :[[@LINE-1]]:17: error: 'warpSize' used as a compile-time constant (an if constexpr condition){{.*}} [hip-warpsize-constexpr]
  if (threadIdx.x == 0) out[1] = sum_lanes<warpSize>(partial) + lanes + LANES_PER_WAVE;
// CHECK-MESSAGES: :[[@LINE-1]]:44: error: 'warpSize' used as a compile-time constant (a template argument){{.*}} [hip-warpsize-constexpr]
}

void launch(const float *in, float *out) {
  int warps = 256 / warpSize;
// CHECK-MESSAGES: :[[@LINE-1]]:21: error: 'warpSize' read in host code: it is a device built-in, not the warp size of the GPU the kernels run on (ROCm 7 rejects it on the host); query it with hipDeviceGetAttribute(&ws, hipDeviceAttributeWarpSize, dev) [hip-warpsize-constexpr]
  hipLaunchKernelGGL(per_warp_sums, dim3(1), dim3(warps * 64), 0, 0, in, out);
}
