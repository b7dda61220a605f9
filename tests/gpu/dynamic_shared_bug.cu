// dynamic_shared_bug: a race in dynamic shared memory beyond 48 KiB.
//
// A block-wide shift through an `extern __shared__` buffer of 80 KiB (the
// kernel opts in above the default 48 KiB): every thread stores its value
// in the upper part of the buffer, at 64 KiB and above, then reads its
// neighbour's slot with no __syncthreads() between, across warps. The
// runtime sizes its shadow from each launch's own dynamic shared memory
// (the launch API's sharedMemBytes): the race must be seen at the far end
// of the window, for a <<<>>> launch and for cudaLaunchKernelEx alike.
// The fixed twin is dynamic_shared_fixed.cu.
//
// EXPECT: race-shared write read
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kThreads = 256;
constexpr int kBlocks = 4;
constexpr size_t kDynamicBytes = 80 * 1024;
constexpr int kUpper = 64 * 1024 / sizeof(float); // first float at 64 KiB

__global__ void shift_upper(const float* in, float* out) {
  extern __shared__ float buf[];
  int tid = threadIdx.x;
  int gid = blockIdx.x * kThreads + tid;
  buf[kUpper + tid] = in[gid] * 2.0f;                      // @write
  float right = buf[kUpper + (tid + 1) % kThreads];        // @read
  out[gid] = right;
}

int main() {
  const int n = kThreads * kBlocks;
  float h[n];
  for (int i = 0; i < n; ++i) h[i] = (float)(i % 97);
  float *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, n * sizeof(float)));
  CHECK(cudaMalloc(&d_out, n * sizeof(float)));
  CHECK(cudaMemcpy(d_in, h, n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaFuncSetAttribute(shift_upper, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)kDynamicBytes));
  shift_upper<<<kBlocks, kThreads, kDynamicBytes>>>(d_in, d_out);
  CHECK(cudaGetLastError());
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(kBlocks);
  config.blockDim = dim3(kThreads);
  config.dynamicSmemBytes = kDynamicBytes;
  CHECK(cudaLaunchKernelEx(&config, shift_upper, (const float*)d_in, d_out));
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(h, d_out, n * sizeof(float), cudaMemcpyDeviceToHost));
  printf("dynamic_shared_bug: %d blocks of %d threads ran twice\n", kBlocks, kThreads);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return 0;
}
