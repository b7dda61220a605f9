// A feature macro defined from the architecture, HAS_TENSOR_CORES, is
// used both in device code (fine) and in the host's algorithm selection
// (#ifdef in a host function). In the host pass the macro is never
// defined, so the host always picks the SIMT kernel, even on GPUs with
// tensor cores, and the WMMA kernel is never launched.
#include <cuda_runtime.h>
#include <cuda_fp16.h>

#if __CUDA_ARCH__ >= 700
#define HAS_TENSOR_CORES 1
#endif

__global__ void gemmSimt(const __half *A, const __half *B, float *C, int M, int N, int K) {
  const int row = blockIdx.y * blockDim.y + threadIdx.y, col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= M || col >= N) return;
  float acc = 0.f;
  for (int k = 0; k < K; ++k) acc += __half2float(A[(size_t)row * K + k]) * __half2float(B[(size_t)k * N + col]);
  C[(size_t)row * N + col] = acc;
}

__global__ void gemmTensorCore(const __half *A, const __half *B, float *C, int M, int N, int K) {
#ifdef HAS_TENSOR_CORES
  // WMMA fragments would go here; a scalar stand-in keeps the example short.
  const int row = blockIdx.y * 16 + threadIdx.x / 16, col = blockIdx.x * 16 + threadIdx.x % 16;
  if (row >= M || col >= N) return;
  float acc = 0.f;
  for (int k = 0; k < K; ++k) acc += __half2float(A[(size_t)row * K + k]) * __half2float(B[(size_t)k * N + col]);
  C[(size_t)row * N + col] = acc;
#endif
}

void gemmHalf(const __half *A, const __half *B, float *C, int M, int N, int K, cudaStream_t s) {
#ifdef HAS_TENSOR_CORES // expect: arch-macro-in-host-code
  gemmTensorCore<<<dim3((N + 15) / 16, (M + 15) / 16), 256, 0, s>>>(A, B, C, M, N, K);
#else
  gemmSimt<<<dim3((N + 15) / 16, (M + 15) / 16), dim3(16, 16), 0, s>>>(A, B, C, M, N, K);
#endif
}
