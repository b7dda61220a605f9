// corpus-run:
// Per-block sums of an array whose length is not a multiple of 32: every warp
// stages its 32 values in shared memory and reduces them with a tree of
// __syncwarp()-separated steps; lane 0 of each warp adds its total. The lanes
// of the partial last warp that fall past n stage 0, so every lane of every
// warp reaches every full-mask __syncwarp().
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                            \
  do {                                                                              \
    cudaError_t err_ = (call);                                                      \
    if (err_ != cudaSuccess) {                                                      \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_)); \
      exit(1);                                                                      \
    }                                                                               \
  } while (0)

constexpr int kThreads = 128;

__global__ void block_sums(const int* x, int* sums, int n) {
  __shared__ int s[kThreads];
  const int t = threadIdx.x, lane = t & 31;
  const int i = blockIdx.x * kThreads + t;
  s[t] = i < n ? x[i] : 0;
  __syncwarp();
  for (int off = 16; off > 0; off >>= 1) {
    int v = lane < off ? s[t + off] : 0;
    __syncwarp();
    s[t] += v;
    __syncwarp();
  }
  if (lane == 0) atomicAdd(&sums[blockIdx.x], s[t]);
}

int main() {
  const int n = 300, blocks = (n + kThreads - 1) / kThreads;
  int *x, *sums;
  CUDA_CHECK(cudaMallocManaged(&x, n * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&sums, blocks * sizeof(int)));
  for (int i = 0; i < n; ++i) x[i] = (i * 37) % 19 - 9;
  CUDA_CHECK(cudaMemset(sums, 0, blocks * sizeof(int)));
  block_sums<<<blocks, kThreads>>>(x, sums, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  for (int b = 0; b < blocks; ++b) printf("block %d: %d\n", b, sums[b]);
  CUDA_CHECK(cudaFree(x));
  CUDA_CHECK(cudaFree(sums));
  return 0;
}
