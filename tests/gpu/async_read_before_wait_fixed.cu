// async_read_before_wait_fixed: the fixed twin of async_read_before_wait_bug.cu.
// Each thread waits for its copies (__pipeline_wait_prior(0)) before the
// barrier that makes every thread's copies visible to the block, and only
// then reads the tile.
//
// EXPECT-NONE
#include <cstdio>
#include <cuda_pipeline.h>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kThreads = 128;

__global__ void smooth(const float* in, float* out, int n) {
  __shared__ float tile[kThreads];
  int tid = threadIdx.x, i = blockIdx.x * kThreads + tid;
  __pipeline_memcpy_async(&tile[tid], &in[i < n ? i : n - 1], sizeof(float));  // @copy
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  float centre = tile[tid];
  float left = tid > 0 ? tile[tid - 1] : centre, right = tid + 1 < kThreads ? tile[tid + 1] : centre;
  if (i < n) out[i] = 0.25f * left + 0.5f * centre + 0.25f * right;
}

int main() {
  const int n = kThreads * 4;
  float h[n];
  for (int i = 0; i < n; ++i) h[i] = (float)(i % 7);
  float *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, n * sizeof(float)));
  CHECK(cudaMalloc(&d_out, n * sizeof(float)));
  CHECK(cudaMemcpy(d_in, h, n * sizeof(float), cudaMemcpyHostToDevice));
  smooth<<<n / kThreads, kThreads>>>(d_in, d_out, n);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(h, d_out, n * sizeof(float), cudaMemcpyDeviceToHost));
  printf("async_read_before_wait_fixed: %d blocks of %d threads ran\n", n / kThreads, kThreads);
  return 0;
}
