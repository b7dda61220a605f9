// __host__ __device__ helpers that split their host and device paths with
// #ifdef __CUDA_ARCH__, the canonical pattern: the host path is taken when
// they run on the host, the device path (with per-architecture choices)
// when they run on the GPU.
#include <cuda_runtime.h>
#include <cmath>

__host__ __device__ inline float fastRsqrt(float x) {
#ifdef __CUDA_ARCH__
  return rsqrtf(x);
#else
  return 1.f / std::sqrt(x);
#endif
}

__host__ __device__ inline unsigned popcount32(unsigned v) {
#if defined(__CUDA_ARCH__)
  return __popc(v);
#else
  return (unsigned)__builtin_popcount(v);
#endif
}

__host__ __device__ inline float fma3(float a, float b, float c) {
#if __CUDA_ARCH__ >= 200
  return __fmaf_rn(a, b, c);
#elif !defined(__CUDA_ARCH__)
  return std::fma(a, b, c);
#else
  return a * b + c;
#endif
}

__global__ void normalizeBits(const float *x, const unsigned *mask, float *y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = fma3(x[i], fastRsqrt((float)(1 + popcount32(mask[i]))), 0.f);
}

// Host reference used by the unit tests.
void normalizeBitsReference(const float *x, const unsigned *mask, float *y, int n) {
  for (int i = 0; i < n; ++i) y[i] = fma3(x[i], fastRsqrt((float)(1 + popcount32(mask[i]))), 0.f);
}
