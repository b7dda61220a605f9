// The guide's launch-bounds example done right: the kernel's launch bounds
// follow __CUDA_ARCH__ (they are part of the kernel, compiled per
// architecture), and the host picks the block size from the compute
// capability of the device it runs on.
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

int threadsFor(int device) {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, device);
  return prop.major >= 9 ? 2 * THREADS_PER_BLOCK : THREADS_PER_BLOCK;
}

void sum(const float *in, size_t n, float *out, int device, cudaStream_t st) {
  const int threads = threadsFor(device);
  const unsigned blocks = (unsigned)((n + threads - 1) / threads);
  sumKernel<<<blocks, threads, threads * sizeof(float), st>>>(in, n, out);
}
