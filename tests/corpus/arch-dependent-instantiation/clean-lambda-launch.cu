// corpus-args: --cuda-arch=sm_80,sm_90
// Benchmark harness that times kernel launches wrapped in host lambdas.
// The lambdas live in an ordinary host function, which device passes
// parse as well, so the kernel specializations named inside them are
// instantiated for every architecture.
#include <cuda_runtime.h>

template <typename T, int UNROLL>
__global__ void streamCopy(const T *__restrict__ src, T *__restrict__ dst, size_t n) {
  const size_t stride = (size_t)gridDim.x * blockDim.x;
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  for (; i + (UNROLL - 1) * stride < n; i += UNROLL * stride) {
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) dst[i + u * stride] = src[i + u * stride];
  }
  for (; i < n; i += stride) dst[i] = src[i];
}

template <typename F>
float timeIt(F launch, cudaStream_t s) {
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  cudaEventRecord(a, s);
  launch();
  cudaEventRecord(b, s);
  cudaEventSynchronize(b);
  float ms = 0.f;
  cudaEventElapsedTime(&ms, a, b);
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  return ms;
}

void benchCopies(const float4 *src, float4 *dst, size_t n, cudaStream_t s, float *results) {
  results[0] = timeIt([&] { streamCopy<float4, 1><<<1024, 256, 0, s>>>(src, dst, n); }, s);
  results[1] = timeIt([&] { streamCopy<float4, 4><<<1024, 256, 0, s>>>(src, dst, n); }, s);
  auto copyFloats = [=](size_t m) { streamCopy<float, 4><<<2048, 256, 0, s>>>((const float *)src, (float *)dst, m); };
  results[2] = timeIt([&] { copyFloats(4 * n); }, s);
}
