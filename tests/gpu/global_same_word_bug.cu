// global_same_word_bug: two blocks write the same word of global memory.
//
// Every block's thread 0 stores its block's result to out[0] instead of
// out[blockIdx.x]: the blocks of one launch are not ordered, so which value
// survives depends on scheduling (write-after-write, inter-block). The fixed
// twin is global_same_word_fixed.cu. Built with host debug information
// (-g), so the report also names the line that allocated `out`.
//
// EXPECT: race-global store alloc
// NVCC: -g
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kBlocks = 8, kThreads = 128;

__global__ void block_sums(const int* in, int* out) {
  __shared__ int s[kThreads];
  int tid = threadIdx.x;
  s[tid] = in[blockIdx.x * kThreads + tid];
  __syncthreads();
  for (int stride = kThreads / 2; stride > 0; stride /= 2) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid == 0) out[0] = s[0];  // @store
}

int main() {
  int *in, *out;
  CHECK(cudaMallocManaged(&in, kBlocks * kThreads * sizeof(int)));
  CHECK(cudaMalloc(&out, kBlocks * sizeof(int)));  // @alloc
  for (int i = 0; i < kBlocks * kThreads; ++i) in[i] = i % 17;
  block_sums<<<kBlocks, kThreads>>>(in, out);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  int first = 0;
  CHECK(cudaMemcpy(&first, out, sizeof(int), cudaMemcpyDeviceToHost));
  fprintf(stderr, "out[0] = %d (depends on which block wrote last)\n", first);
  printf("global_same_word: done\n");
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
  return 0;
}
