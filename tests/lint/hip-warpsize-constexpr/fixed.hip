// REQUIRES: hip
// RUN: %check_warpcheck %s hip-warpsize-constexpr
// The warp size asked of the device on the host, passed on as a template
// parameter; warpSize only read at run time in device code.
#include <hip/hip_runtime.h>

template <int WarpSize> __global__ void __launch_bounds__(4 * WarpSize) per_warp_sums(const float *in, float *out) {
  __shared__ float partial[1024 / WarpSize];
  static_assert(WarpSize % 32 == 0, "whole warps");
  int lane = threadIdx.x % warpSize;
  if (lane == 0) partial[threadIdx.x / warpSize] = in[threadIdx.x];
  __syncthreads();
  if (warpSize == 64) out[0] = partial[0];
}

void launch(const float *in, float *out, int dev) {
  int ws = 0;
  hipDeviceGetAttribute(&ws, hipDeviceAttributeWarpSize, dev);
  if (ws == 64) hipLaunchKernelGGL(per_warp_sums<64>, dim3(1), dim3(256), 0, 0, in, out);
  else hipLaunchKernelGGL(per_warp_sums<32>, dim3(1), dim3(128), 0, 0, in, out);
}
