// last_block_fixed: the guide's "last block" reduction, with the
// __threadfence() between the partial sum and atomicInc (fixed twin of
// last_block_bug.cu). The whole last block reads the partial sums after the
// barrier that follows thread 0's atomicInc.
//
// EXPECT-NONE
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
    partial[blockIdx.x] = s[0];
    __threadfence();
    unsigned int ticket = atomicInc(&count, gridDim.x);
    isLast = ticket == gridDim.x - 1;
  }
  __syncthreads();
  if (isLast) {
    __shared__ float totals[kThreads];
    float t = 0;
    for (int b = tid; b < gridDim.x; b += kThreads) t += partial[b];
    totals[tid] = t;
    __syncthreads();
    if (tid == 0) {
      for (int i = 1; i < kThreads; ++i) t += totals[i];
      *total = t;
      count = 0;
    }
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
  printf("total %.0f\n", *total);
  printf("last_block: done\n");
  CHECK(cudaFree(in));
  CHECK(cudaFree(partial));
  CHECK(cudaFree(total));
  return 0;
}
