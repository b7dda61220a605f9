// Block reduction with launch bounds raised for Hopper: the guide's
// §5.4.3.2 example in a real kernel. MAX_THREADS is 512 when
// __CUDA_ARCH__ >= 900 and 256 otherwise; the kernel is compiled with the
// right bound per architecture, but the host launch and the shared-memory
// size expand MAX_THREADS with __CUDA_ARCH__ undefined: every GPU gets
// 256 threads per block and the grid is sized for 256.
#include <cuda_runtime.h>

#define THREADS_PER_BLOCK 256
#if __CUDA_ARCH__ >= 900
#define MAX_THREADS (2 * THREADS_PER_BLOCK)
#else
#define MAX_THREADS THREADS_PER_BLOCK
#endif

__global__ void __launch_bounds__(MAX_THREADS) sumKernel(const float *in, size_t n, float *out) {
  extern __shared__ float s[];
  float acc = 0.f;
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
    acc += in[i];
  s[threadIdx.x] = acc;
  __syncthreads();
  for (unsigned k = blockDim.x / 2; k > 0; k /= 2) {
    if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(out, s[0]);
}

void sum(const float *in, size_t n, float *out, cudaStream_t st) {
  const unsigned blocks = (unsigned)((n + MAX_THREADS - 1) / MAX_THREADS); // expect: arch-macro-in-host-code
  sumKernel<<<blocks, MAX_THREADS, MAX_THREADS * sizeof(float), st>>>(in, n, out); // expect: arch-macro-in-host-code
}
