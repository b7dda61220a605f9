// A per-architecture tuning table in the style of CUB policies: every
// branch of the __CUDA_ARCH__ chain defines the block size and the items
// per thread. Only ITEMS_PER_THREAD differs; REDUCE_THREADS is 256 in
// every branch. The host uses REDUCE_THREADS alone (the grid is a fixed
// grid-stride size), so whichever definition the host pass gets, it is
// the one the device code was compiled with.
#include <cuda_runtime.h>

#if __CUDA_ARCH__ >= 900
#define REDUCE_THREADS 256
#define ITEMS_PER_THREAD 16
#elif __CUDA_ARCH__ >= 800
#define REDUCE_THREADS 256
#define ITEMS_PER_THREAD 12
#else
#define REDUCE_THREADS 256
#define ITEMS_PER_THREAD 8
#endif

__global__ void __launch_bounds__(REDUCE_THREADS) sumSquares(const float *x, size_t n, double *out) {
  __shared__ double s[REDUCE_THREADS];
  double acc = 0.0;
  const size_t stride = (size_t)gridDim.x * REDUCE_THREADS * ITEMS_PER_THREAD;
  for (size_t base = (size_t)blockIdx.x * REDUCE_THREADS * ITEMS_PER_THREAD; base < n; base += stride) {
#pragma unroll
    for (int k = 0; k < ITEMS_PER_THREAD; ++k) {
      const size_t i = base + (size_t)k * REDUCE_THREADS + threadIdx.x;
      if (i < n) acc += (double)x[i] * x[i];
    }
  }
  s[threadIdx.x] = acc;
  __syncthreads();
  for (int w = REDUCE_THREADS / 2; w > 0; w /= 2) {
    if (threadIdx.x < w) s[threadIdx.x] += s[threadIdx.x + w];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(out, s[0]);
}

void sumOfSquares(const float *x, size_t n, double *out, int sms, cudaStream_t st) {
  cudaMemsetAsync(out, 0, sizeof(double), st);
  sumSquares<<<4 * sms, REDUCE_THREADS, 0, st>>>(x, n, out);
}
