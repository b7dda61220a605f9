// The guide's launch-bounds example with one more step of indirection:
// the arch-dependent macro is captured in a namespace-scope constexpr,
// kThreads, which host code then uses for the launch. The constant is
// initialised in the host pass with __CUDA_ARCH__ undefined, so the host
// launches 256 threads on every GPU (the macro is never expanded inside a
// host function, so the use is not visible as such).
#include <cuda_runtime.h>

#define THREADS_PER_BLOCK 256
#if __CUDA_ARCH__ >= 900
#define MY_KERNEL_MAX_THREADS (2 * THREADS_PER_BLOCK)
#else
#define MY_KERNEL_MAX_THREADS THREADS_PER_BLOCK
#endif

constexpr int kThreads = MY_KERNEL_MAX_THREADS;

__global__ void __launch_bounds__(MY_KERNEL_MAX_THREADS) scaleKernel(float *p, size_t n, float a) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) p[i] *= a;
}

void scale(float *p, size_t n, float a, cudaStream_t s) {
  const unsigned blocks = (unsigned)((n + kThreads - 1) / kThreads);
  scaleKernel<<<blocks, kThreads, 0, s>>>(p, n, a); // expect: arch-macro-in-host-code
}
