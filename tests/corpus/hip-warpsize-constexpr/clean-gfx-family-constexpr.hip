// corpus-args: --offload-arch=gfx90a,gfx1100
// Compile-time wave size from the GPU-family macros clang defines per
// device pass (__GFX10__/__GFX11__/__GFX12__ for wave32 RDNA, otherwise
// wave64), used where a constant is needed: a shared array bound and a
// static_assert. Each device pass gets its own, correct value; the
// constant is only used in device code.
#include <hip/hip_runtime.h>

#if defined(__GFX10__) || defined(__GFX11__) || defined(__GFX12__)
#define DEVICE_WAVE 32
#else
#define DEVICE_WAVE 64
#endif

#define BLOCK 256

__global__ void __launch_bounds__(BLOCK) waveMaxima(const float *x, size_t n, float *blockMax) {
  static_assert(BLOCK % DEVICE_WAVE == 0, "whole wavefronts per block");
  __shared__ float waveMax[BLOCK / DEVICE_WAVE];
  const int lane = threadIdx.x % DEVICE_WAVE, wave = threadIdx.x / DEVICE_WAVE;
  float m = -3.4e38f;
  for (size_t i = blockIdx.x * (size_t)BLOCK + threadIdx.x; i < n; i += (size_t)gridDim.x * BLOCK)
    m = fmaxf(m, x[i]);
  for (int o = DEVICE_WAVE / 2; o > 0; o /= 2) m = fmaxf(m, __shfl_xor(m, o));
  if (lane == 0) waveMax[wave] = m;
  __syncthreads();
  if (threadIdx.x == 0) {
    for (int w = 1; w < BLOCK / DEVICE_WAVE; ++w) m = fmaxf(m, waveMax[w]);
    blockMax[blockIdx.x] = m;
  }
}
