// corpus-args: --offload-arch=gfx90a,gfx1100
// Block reduction with a compile-time wavefront size taken from the GPU
// family macros that clang defines in each device pass (__GFX10__,
// __GFX11__, __GFX12__ for the wave32 RDNA parts, gfx9 otherwise): the
// gfx90a pass compiles kWave = 64, the gfx1100 pass kWave = 32, so the
// constant is right in every device pass. It is used in device code only.
#include <hip/hip_runtime.h>

#if defined(__GFX10__) || defined(__GFX11__) || defined(__GFX12__)
constexpr int kWave = 32;
#else
constexpr int kWave = 64;
#endif
constexpr int kMaxThreads = 1024;

__device__ __forceinline__ double waveSum(double v) {
#pragma unroll
  for (int o = kWave / 2; o > 0; o /= 2) v += __shfl_down(v, o);
  return v;
}

__global__ void __launch_bounds__(kMaxThreads) sumSquares(const double *x, size_t n, double *out) {
  __shared__ double partial[kMaxThreads / kWave];
  const int lane = threadIdx.x % kWave;
  const int wave = threadIdx.x / kWave;
  double acc = 0.0;
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
    acc += x[i] * x[i];
  acc = waveSum(acc);
  if (lane == 0) partial[wave] = acc;
  __syncthreads();
  if (wave == 0) {
    const int waves = (blockDim.x + kWave - 1) / kWave;
    acc = lane < waves ? partial[lane] : 0.0;
    acc = waveSum(acc);
    if (lane == 0) atomicAdd(out, acc);
  }
}
