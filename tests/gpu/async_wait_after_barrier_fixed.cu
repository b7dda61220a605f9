// async_wait_after_barrier_fixed: the fixed twin of
// async_wait_after_barrier_bug.cu: each thread waits for its copy, then the
// barrier makes every copy visible to the block.
//
// EXPECT-NONE
#include <cstdio>
#include <cuda_pipeline.h>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kThreads = 256;

__global__ void reverseRow(const int* in, int* out) {
  __shared__ int row[kThreads];
  int tid = threadIdx.x, base = blockIdx.x * kThreads;
  __pipeline_memcpy_async(&row[tid], &in[base + tid], sizeof(int));
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  out[base + tid] = row[kThreads - 1 - tid];
}

int main() {
  const int n = kThreads * 2;
  int h[n];
  for (int i = 0; i < n; ++i) h[i] = i * 3;
  int *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  CHECK(cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice));
  reverseRow<<<n / kThreads, kThreads>>>(d_in, d_out);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(h, d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
  printf("async_wait_after_barrier_fixed: %d blocks of %d threads ran\n", n / kThreads, kThreads);
  return 0;
}
