// corpus-run:
// Gather-then-scale with warp specialisation: warp 0 of each block gathers
// the 32 column indices of the block's tile and their weights into shared
// memory (staged through a per-warp buffer and a __syncwarp()), while the
// other warps clear their output rows; after a block barrier every warp
// scales its row by the gathered weights. The role test (warp == 0) is the
// same for all 32 lanes of a warp, so the full-mask __syncwarp() calls in
// the two branches each see a whole warp.
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

constexpr int kWarps = 4, kThreads = kWarps * 32;

__global__ void gather_scale(const int* cols, const float* weight, const float* x, float* y) {
  __shared__ int idx[32];
  __shared__ float w[32];
  __shared__ float rows[kWarps][32];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  if (warp == 0) {
    idx[lane] = cols[blockIdx.x * 32 + lane];
    __syncwarp();
    w[lane] = weight[idx[31 - lane]];  // weights in reverse gather order
    __syncwarp();
  } else {
    rows[warp][lane] = 0.0f;
    __syncwarp();
  }
  __syncthreads();
  const float v = x[(blockIdx.x * kWarps + warp) * 32 + lane] * w[lane] + rows[warp][lane];
  y[(blockIdx.x * kWarps + warp) * 32 + lane] = v;
}

int main() {
  const int blocks = 2, n = blocks * kThreads, ncols = 97;
  int* cols;
  float *weight, *x, *y;
  CUDA_CHECK(cudaMallocManaged(&cols, blocks * 32 * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&weight, ncols * sizeof(float)));
  CUDA_CHECK(cudaMallocManaged(&x, n * sizeof(float)));
  CUDA_CHECK(cudaMallocManaged(&y, n * sizeof(float)));
  for (int i = 0; i < blocks * 32; ++i) cols[i] = (i * 41) % ncols;
  for (int i = 0; i < ncols; ++i) weight[i] = 0.5f + (i % 7);
  for (int i = 0; i < n; ++i) x[i] = (float)(i % 11);
  gather_scale<<<blocks, kThreads>>>(cols, weight, x, y);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  double sum = 0;
  for (int i = 0; i < n; ++i) sum += y[i];
  printf("gather_scale: sum %.1f\n", sum);
  CUDA_CHECK(cudaFree(cols));
  CUDA_CHECK(cudaFree(weight));
  CUDA_CHECK(cudaFree(x));
  CUDA_CHECK(cudaFree(y));
  return 0;
}
