// global_same_word_fixed: each block writes its own word (fixed twin of global_same_word_bug.cu).
//
// EXPECT-NONE
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
  if (tid == 0) out[blockIdx.x] = s[0];
}

int main() {
  int *in, *out;
  CHECK(cudaMallocManaged(&in, kBlocks * kThreads * sizeof(int)));
  CHECK(cudaMalloc(&out, kBlocks * sizeof(int)));
  for (int i = 0; i < kBlocks * kThreads; ++i) in[i] = i % 17;
  block_sums<<<kBlocks, kThreads>>>(in, out);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  int first = 0;
  CHECK(cudaMemcpy(&first, out, sizeof(int), cudaMemcpyDeviceToHost));
  fprintf(stderr, "out[0] = %d\n", first);
  printf("global_same_word: done\n");
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
  return 0;
}
