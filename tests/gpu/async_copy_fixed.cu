// async_copy_fixed: the fixed twin of async_copy_bug.cu: each thread waits for
// its copy, then __syncthreads() makes every copy visible to the block.
//
// EXPECT-NONE
#include <cstdio>
#include <cuda_pipeline.h>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kThreads = 256;

__global__ void neighbours(const int* in, int* out) {
  __shared__ int s[kThreads];
  int tid = threadIdx.x;
  __pipeline_memcpy_async(&s[tid], &in[blockIdx.x * kThreads + tid], sizeof(int));  // @copy
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  out[blockIdx.x * kThreads + tid] = s[(tid + 32) % kThreads];  // @read
}

int main() {
  const int n = kThreads * 2;
  int h[n];
  for (int i = 0; i < n; ++i) h[i] = i * 5;
  int *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  CHECK(cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice));
  neighbours<<<2, kThreads>>>(d_in, d_out);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(h, d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int i = 0; i < n; ++i) {
    int b = i / kThreads, t = i % kThreads;
    if (h[i] != (b * kThreads + (t + 32) % kThreads) * 5) ++wrong;
  }
  fprintf(stderr, "async_copy_fixed: %d of %d results wrong\n", wrong, n);
  printf("async_copy_fixed: 2 blocks of %d threads ran\n", kThreads);
  return 0;
}
