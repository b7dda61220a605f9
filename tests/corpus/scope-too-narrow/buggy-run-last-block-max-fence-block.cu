// corpus-run:
// Infinity norm in one pass: each block finds the largest |x| of its slice,
// thread 0 stores it in blockMax[blockIdx.x] and bumps a done counter; the
// block that finishes last reduces blockMax[]. The fence before the counter
// is __threadfence_block(): it orders the store of the block's maximum
// before the counter only for threads of the same block. The last block is
// another block: it may see the count reach gridDim.x and still read a
// stale blockMax[] entry, although it fences after the count. The writer
// needs __threadfence().
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(call)                                                              \
  do {                                                                           \
    cudaError_t err_ = (call);                                                   \
    if (err_ != cudaSuccess) {                                                   \
      fprintf(stderr, "CUDA error at %s:%d: %s\n", __FILE__, __LINE__,            \
              cudaGetErrorString(err_));                                         \
      return 1;                                                                  \
    }                                                                            \
  } while (0)

constexpr int kBlock = 256;

__device__ float warpMax(float v) {
  for (int off = 16; off > 0; off >>= 1) v = fmaxf(v, __shfl_down_sync(0xffffffffu, v, off));
  return v;
}

__device__ float blockMaxOf(float v, float* warpTops) {
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  v = warpMax(v);
  if (lane == 0) warpTops[warp] = v;
  __syncthreads();
  v = threadIdx.x < kBlock / 32 ? warpTops[threadIdx.x] : 0.f;
  if (warp == 0) v = warpMax(v);
  __syncthreads();
  return v;
}

__global__ void infNorm(const float* x, int n, float* blockMax, unsigned int* done, float* result) {
  __shared__ float warpTops[kBlock / 32];
  __shared__ bool isLast;
  float m = 0.f;
  for (int i = blockIdx.x * kBlock + threadIdx.x; i < n; i += kBlock * gridDim.x) m = fmaxf(m, fabsf(x[i]));
  m = blockMaxOf(m, warpTops);
  if (threadIdx.x == 0) {
    blockMax[blockIdx.x] = m;
    __threadfence_block();
    unsigned int prev = atomicAdd(done, 1u);
    isLast = (prev == gridDim.x - 1);
  }
  __syncthreads();
  if (isLast) {
    __threadfence();
    float v = 0.f;
    for (int b = threadIdx.x; b < gridDim.x; b += kBlock) v = fmaxf(v, blockMax[b]);  // expect-run: scope-too-narrow
    v = blockMaxOf(v, warpTops);
    if (threadIdx.x == 0) {
      *result = v;
      // The reset races with the other blocks' atomicAdd, released only at block scope: the same bug.
      *done = 0;  // expect-run-also: scope-too-narrow
    }
  }
}

int main() {
  constexpr int n = 1 << 15, grid = 16;
  static float h_x[n];
  for (int i = 0; i < n; ++i) h_x[i] = (float)((i * 7919) % 1000) - 500.f;
  float *d_x, *d_blockMax, *d_result, h_result = 0.f;
  unsigned int* d_done;
  CHECK(cudaMalloc(&d_x, n * sizeof(float)));
  CHECK(cudaMalloc(&d_blockMax, grid * sizeof(float)));
  CHECK(cudaMalloc(&d_result, sizeof(float)));
  CHECK(cudaMalloc(&d_done, sizeof(unsigned int)));
  CHECK(cudaMemcpy(d_x, h_x, n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemset(d_done, 0, sizeof(unsigned int)));
  infNorm<<<grid, kBlock>>>(d_x, n, d_blockMax, d_done, d_result);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(&h_result, d_result, sizeof(float), cudaMemcpyDeviceToHost));
  printf("infNorm: %d elements, %d blocks\n", n, grid);
  fprintf(stderr, "norm = %.1f\n", h_result);
  CHECK(cudaFree(d_x));
  CHECK(cudaFree(d_blockMax));
  CHECK(cudaFree(d_result));
  CHECK(cudaFree(d_done));
  return 0;
}
