// A host-side launcher template for a family of elementwise kernels that
// chooses the vector width with `#if __CUDA_ARCH__ >= 900` (wider loads on
// Hopper). The launcher is an ordinary host function template: every
// instantiation is host code, __CUDA_ARCH__ is undefined in it, and the
// vectorised path is dead. Worse, the sm_90 pass parses the same launcher
// with vec == 8 and so instantiates addBias<T, 8>, while the host launches
// addBias<T, 1>, which the sm_90 device code does not contain.
#include <cuda_runtime.h>

template <typename T, int VEC>
__global__ void addBias(T *x, const T *bias, size_t n, int cols) {
  const size_t i = (blockIdx.x * (size_t)blockDim.x + threadIdx.x) * VEC;
#pragma unroll
  for (int v = 0; v < VEC; ++v)
    if (i + v < n) x[i + v] += bias[(i + v) % cols];
}

template <typename T>
void launchAddBias(T *x, const T *bias, size_t n, int cols, cudaStream_t s) {
#if __CUDA_ARCH__ >= 900 // expect: arch-macro-in-host-code
  constexpr int vec = 8;
#else
  constexpr int vec = 1;
#endif
  const size_t threads = (n + vec - 1) / vec;
  addBias<T, vec><<<(unsigned)((threads + 255) / 256), 256, 0, s>>>(x, bias, n, cols); // expect: arch-dependent-instantiation
}

void addBiasF32(float *x, const float *b, size_t n, int cols, cudaStream_t s) { launchAddBias(x, b, n, cols, s); }
void addBiasF64(double *x, const double *b, size_t n, int cols, cudaStream_t s) { launchAddBias(x, b, n, cols, s); }
