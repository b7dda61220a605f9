// corpus-args: --cuda-arch=sm_70,sm_80,sm_90 -- -fgpu-rdc
// A warp-level max helper exported to other translation units (separate
// compilation), with per-architecture implementations: __reduce_max_sync
// on sm_80+ (integer only, so a bit trick for non-negative floats) and a
// shuffle tree on sm_90 "to be tuned later". The #if/#elif chain has no
// #else: the sm_70 device object defines no warpMaxNonNeg, and every
// object that calls it in sm_70 code fails to link.
#include <cuda_runtime.h>

__device__ float warpMaxNonNeg(float v);

#if __CUDA_ARCH__ >= 900
__device__ float warpMaxNonNeg(float v) {
  for (int o = 16; o > 0; o /= 2) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
  return v;
}
#elif __CUDA_ARCH__ >= 800
__device__ float warpMaxNonNeg(float v) { // expect: arch-dependent-definition
  // For non-negative floats the bit patterns order like unsigned ints.
  return __uint_as_float(__reduce_max_sync(0xffffffffu, __float_as_uint(v)));
}
#endif

__global__ void maxAbs(const float *x, int n, float *out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float v = i < n ? fabsf(x[i]) : 0.f;
  const float m = warpMaxNonNeg(v);
  if ((threadIdx.x & 31) == 0) atomicMax(reinterpret_cast<unsigned *>(out), __float_as_uint(m));
}
