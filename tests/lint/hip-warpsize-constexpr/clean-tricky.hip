// REQUIRES: hip
// RUN: %check_warpcheck %s hip-warpsize-constexpr -- --offload-arch=gfx90a,gfx1100
// warpSize at run time in device code, in shuffles' default widths, in
// loop bounds, in __host__ __device__ helpers; a user's own `warpSize`.
#include <hip/hip_runtime.h>

__host__ __device__ inline int lanes_of(int threads) { return (threads + warpSize - 1) / warpSize; }

namespace mine {
constexpr int warpSize = 32; // not HIP's: a constant of the user's own
template <int N> struct Tile { float v[N]; };
inline Tile<warpSize> tile() { return {}; }
} // namespace mine

__global__ void reduce(const float *in, float *out) {
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int o = warpSize / 2; o > 0; o /= 2) v += __shfl_down(v, o);
  int lane = threadIdx.x % warpSize;
  float scratch[8];
  scratch[lane % 8] = v; // a constant bound, indexed at run time
  switch (lane) {
  case 0: atomicAdd(out, v + scratch[0] + lanes_of(blockDim.x)); break;
  default: break;
  }
}

#if defined(__HIP_PLATFORM_AMD__)
int device_count() { int n = 0; hipGetDeviceCount(&n); return n; }
#endif
