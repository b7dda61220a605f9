// corpus-args: --cuda-arch=sm_80,sm_90
// Library-style explicit instantiation list (as PyTorch and cuDNN-style
// code bases do with an INSTANTIATE macro): each supported specialization
// of the layer-norm kernel is instantiated at file scope, so every pass
// compiles them, and the host-only C API that launches them may sit in a
// section the device passes skip.
#include <cuda_runtime.h>
#include <cuda_fp16.h>

template <typename T, typename Acc>
__global__ void layerNorm(const T *x, const T *gamma, const T *beta, T *y, int cols, Acc eps) {
  __shared__ Acc s1[256], s2[256];
  const T *row = x + (size_t)blockIdx.x * cols;
  Acc a = 0, b = 0;
  for (int c = threadIdx.x; c < cols; c += 256) {
    const Acc v = (Acc)row[c];
    a += v;
    b += v * v;
  }
  s1[threadIdx.x] = a;
  s2[threadIdx.x] = b;
  __syncthreads();
  for (int k = 128; k > 0; k /= 2) {
    if (threadIdx.x < k) { s1[threadIdx.x] += s1[threadIdx.x + k]; s2[threadIdx.x] += s2[threadIdx.x + k]; }
    __syncthreads();
  }
  const Acc mean = s1[0] / cols, rstd = rsqrt(s2[0] / cols - mean * mean + eps);
  for (int c = threadIdx.x; c < cols; c += 256)
    y[(size_t)blockIdx.x * cols + c] = (T)(((Acc)row[c] - mean) * rstd * (Acc)gamma[c] + (Acc)beta[c]);
}

#define INSTANTIATE_LAYER_NORM(T, Acc) \
  template __global__ void layerNorm<T, Acc>(const T *, const T *, const T *, T *, int, Acc);
INSTANTIATE_LAYER_NORM(float, float)
INSTANTIATE_LAYER_NORM(double, double)
INSTANTIATE_LAYER_NORM(__half, float)

#ifndef __CUDA_ARCH__
extern "C" int layer_norm_f32(const float *x, const float *g, const float *b, float *y, int rows, int cols,
                              cudaStream_t s) {
  layerNorm<float, float><<<rows, 256, 0, s>>>(x, g, b, y, cols, 1e-5f);
  return (int)cudaGetLastError();
}
extern "C" int layer_norm_f16(const __half *x, const __half *g, const __half *b, __half *y, int rows, int cols,
                              cudaStream_t s) {
  layerNorm<__half, float><<<rows, 256, 0, s>>>(x, g, b, y, cols, 1e-5f);
  return (int)cudaGetLastError();
}
#endif
