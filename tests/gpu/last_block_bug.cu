// last_block_bug: the guide's "last block" reduction without its fence.
//
// Each block sums its slice, thread 0 stores the partial sum and bumps a
// counter with atomicInc; the block that sees the last count adds up all
// partial sums (CUDA C++ Programming Guide, memory fence functions). The
// __threadfence() between the partial sum and atomicInc is missing, so the
// last block may count a block whose partial sum it cannot see yet. The
// fixed twin is last_block_fixed.cu.
//
// EXPECT: fence-missing partial total
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kBlocks = 16, kThreads = 128;

__device__ unsigned int count = 0;

__global__ void sum(const float* in, float* partial, float* total) {
  __shared__ float s[kThreads];
  __shared__ bool isLast;
  int tid = threadIdx.x;
  s[tid] = in[blockIdx.x * kThreads + tid];
  __syncthreads();
  for (int stride = kThreads / 2; stride > 0; stride /= 2) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid == 0) {
    partial[blockIdx.x] = s[0];                     // @partial
    unsigned int ticket = atomicInc(&count, gridDim.x);
    isLast = ticket == gridDim.x - 1;
  }
  __syncthreads();
  if (isLast && tid == 0) {
    float t = 0;
    for (int b = 0; b < gridDim.x; ++b) t += partial[b];  // @total
    *total = t;
    count = 0;
  }
}

int main() {
  float *in, *partial, *total;
  CHECK(cudaMallocManaged(&in, kBlocks * kThreads * sizeof(float)));
  CHECK(cudaMalloc(&partial, kBlocks * sizeof(float)));
  CHECK(cudaMallocManaged(&total, sizeof(float)));
  for (int i = 0; i < kBlocks * kThreads; ++i) in[i] = (float)(i % 10);
  sum<<<kBlocks, kThreads>>>(in, partial, total);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  fprintf(stderr, "total %.0f\n", *total);
  printf("last_block: done\n");
  CHECK(cudaFree(in));
  CHECK(cudaFree(partial));
  CHECK(cudaFree(total));
  return 0;
}
