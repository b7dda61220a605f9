// corpus-args: --cuda-arch=sm_75,sm_90 -- -fgpu-rdc
// Type-conversion traits for a mixed-precision library built with
// separate compilation. The primary template is inline (vague linkage),
// but the explicit specialization for __nv_bfloat16 is an ordinary
// function with one strong definition, and it was placed under
// `#if __CUDA_ARCH__ >= 800`. Other objects that convert bfloat16 in
// their sm_75 code declare the specialization and expect it at device
// link time.
#include <cuda_runtime.h>
#include <cuda_bf16.h>

template <typename T>
__device__ __forceinline__ float toFloat(T v) { return static_cast<float>(v); }

template <>
__device__ float toFloat<__nv_bfloat16>(__nv_bfloat16 v);

#if __CUDA_ARCH__ >= 800
template <>
__device__ float toFloat<__nv_bfloat16>(__nv_bfloat16 v) { // expect: arch-dependent-definition
  return __bfloat162float(v);
}
#endif

template <typename T>
__global__ void rowMeans(const T *x, int rows, int cols, float *mean) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  float s = 0.f;
  for (int c = 0; c < cols; ++c) s += toFloat(x[(size_t)r * cols + c]);
  mean[r] = s / cols;
}

template __global__ void rowMeans<float>(const float *, int, int, float *);
