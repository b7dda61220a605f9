// async_wait_after_barrier_bug: the wait for an asynchronous copy placed after
// the barrier instead of before it.
//
// Each thread stages one element of a row with __pipeline_memcpy_async, then
// the block meets at __syncthreads(), and only then does each thread wait for
// its own copy. The barrier orders what threads did before it, but a copy
// that is still in flight is not done: a neighbour's element may land after
// this thread reads it. The fixed twin waits, then synchronizes.
//
// EXPECT: race-shared copy read
#include <cstdio>
#include <cuda_pipeline.h>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kThreads = 256;

__global__ void reverseRow(const int* in, int* out) {
  __shared__ int row[kThreads];
  int tid = threadIdx.x, base = blockIdx.x * kThreads;
  __pipeline_memcpy_async(&row[tid], &in[base + tid], sizeof(int));  // @copy
  __pipeline_commit();
  __syncthreads();
  __pipeline_wait_prior(0);
  out[base + tid] = row[kThreads - 1 - tid];  // @read
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
  printf("async_wait_after_barrier_bug: %d blocks of %d threads ran\n", n / kThreads, kThreads);
  return 0;
}
