// hipCUB-style logical warps: a reduction over groups of LOGICAL_WARP
// lanes (a template parameter, at most the hardware wave size), with the
// width passed to the shuffles. The static_assert and the array bound use
// the template parameter; the host picks LOGICAL_WARP from the device's
// reported warp size.
#include <hip/hip_runtime.h>

template <int LOGICAL_WARP>
struct LogicalWarpSum {
  static_assert((LOGICAL_WARP & (LOGICAL_WARP - 1)) == 0 && LOGICAL_WARP <= 64, "power of two, at most 64");
  __device__ static float reduce(float v) {
    for (int o = LOGICAL_WARP / 2; o > 0; o /= 2) v += __shfl_xor(v, o, LOGICAL_WARP);
    return v;
  }
};

// Sums groups of `LOGICAL_WARP` consecutive values (e.g. per-pixel
// channel sums with LOGICAL_WARP channels).
template <int LOGICAL_WARP>
__global__ void groupSums(const float *x, int groups, float *out) {
  __shared__ float stash[256 / LOGICAL_WARP];
  const int g = blockIdx.x * (blockDim.x / LOGICAL_WARP) + threadIdx.x / LOGICAL_WARP;
  const int local = threadIdx.x / LOGICAL_WARP;
  const float v = g < groups ? x[(size_t)g * LOGICAL_WARP + threadIdx.x % LOGICAL_WARP] : 0.f;
  const float s = LogicalWarpSum<LOGICAL_WARP>::reduce(v);
  if (threadIdx.x % LOGICAL_WARP == 0) stash[local] = s;
  __syncthreads();
  if (threadIdx.x % LOGICAL_WARP == 0 && g < groups) out[g] = stash[local];
}

void launchGroupSums(const float *x, int groups, float *out, int device, hipStream_t s) {
  int ws = 64;
  hipDeviceGetAttribute(&ws, hipDeviceAttributeWarpSize, device);
  const int perBlock = 256 / ws;
  dim3 grid((groups + perBlock - 1) / perBlock);
  if (ws == 64) hipLaunchKernelGGL(groupSums<64>, grid, dim3(256), 0, s, x, groups, out);
  else hipLaunchKernelGGL(groupSums<32>, grid, dim3(256), 0, s, x, groups, out);
}
