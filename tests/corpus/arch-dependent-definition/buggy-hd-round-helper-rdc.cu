// corpus-args: --cuda-arch=sm_75,sm_90 -- -fgpu-rdc
// Numeric helpers of a library built with relocatable device code
// (-rdc=true): other translation units declare and call roundToBf16().
// Its definition was put under a __CUDA_ARCH__ >= 800 test because it was
// written with bfloat16 hardware in mind; the sm_75 device object then
// exports no roundToBf16, and the device link of any sm_75 object that
// calls it fails with an unresolved external.
#include <cuda_runtime.h>
#include <cstring>

// From the library header.
__host__ __device__ float roundToBf16(float x);
__device__ float quantizeError(float x);

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800
__host__ __device__ float roundToBf16(float x) { // expect: arch-dependent-definition
  unsigned u;
  memcpy(&u, &x, sizeof u);
  u += 0x7fffu + ((u >> 16) & 1u); // round to nearest even
  u &= 0xffff0000u;
  float r;
  memcpy(&r, &u, sizeof r);
  return r;
}
#endif

__global__ void emulateBf16(const float *in, float *out, float *err, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[i] = roundToBf16(in[i]);
  err[i] = quantizeError(in[i]); // defined in another translation unit
}
