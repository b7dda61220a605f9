// Host code that branches on the toolkit version (CUDART_VERSION) and on
// being compiled as CUDA (__CUDACC__), both of which are defined in the
// host pass: a conditional next to __CUDA_ARCH__-style code that is not
// about the architecture at all.
#include <cuda_runtime.h>

__global__ void fill(float *p, size_t n, float v) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) p[i] = v;
}

cudaError_t allocFilled(float **p, size_t n, float v, cudaStream_t s) {
#if defined(CUDART_VERSION) && CUDART_VERSION >= 11020
  cudaError_t err = cudaMallocAsync((void **)p, n * sizeof(float), s);
#else
  cudaError_t err = cudaMalloc((void **)p, n * sizeof(float));
#endif
  if (err != cudaSuccess) return err;
#ifdef __CUDACC__
  fill<<<(unsigned)((n + 255) / 256 < 65535 ? (n + 255) / 256 : 65535), 256, 0, s>>>(*p, n, v);
#endif
  return cudaGetLastError();
}
