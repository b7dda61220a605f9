// correct_reduction: a correct block reduction (no bug twin).
//
// The classic sum: each block of 256 threads stores one value per thread in
// shared memory, halves the active range with a __syncthreads() after every
// step (the barrier is outside the `if (tid < stride)`, reached by the whole
// block) down to 64 values, then warp 0 adds the last 64 in registers with
// __shfl_down_sync(0xffffffff) — all 32 lanes of warp 0 are there. A grid
// of blocks writes one partial sum each; the host adds them up.
//
// EXPECT-NONE
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kThreads = 256;
constexpr int kBlocks = 8;
constexpr int kPerThread = 4;   // each thread first adds 4 inputs

__global__ void block_sum(const int* in, int* partial) {
  __shared__ int s[kThreads];
  int tid = threadIdx.x;
  const int* base = in + blockIdx.x * kThreads * kPerThread;
  int v = 0;
  for (int i = 0; i < kPerThread; ++i) v += base[i * kThreads + tid];
  s[tid] = v;
  __syncthreads();
  for (int stride = kThreads / 2; stride > 32; stride >>= 1) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid < 32) {
    v = s[tid] + s[tid + 32];
    for (int offset = 16; offset > 0; offset >>= 1)
      v += __shfl_down_sync(0xffffffffu, v, offset);
    if (tid == 0) partial[blockIdx.x] = v;
  }
}

int main() {
  const int n = kThreads * kBlocks * kPerThread;
  std::vector<int> h_in(n), h_partial(kBlocks);
  for (int i = 0; i < n; ++i) h_in[i] = (i * 31 + 7) % 1001 - 500;
  int *d_in, *d_partial;
  CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CHECK(cudaMalloc(&d_partial, kBlocks * sizeof(int)));
  CHECK(cudaMemcpy(d_in, h_in.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  block_sum<<<kBlocks, kThreads>>>(d_in, d_partial);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(h_partial.data(), d_partial, kBlocks * sizeof(int), cudaMemcpyDeviceToHost));
  int wrong = 0;
  long long total = 0;
  for (int b = 0; b < kBlocks; ++b) {
    long long want = 0;
    for (int i = 0; i < kThreads * kPerThread; ++i) want += h_in[b * kThreads * kPerThread + i];
    if (h_partial[b] != want) ++wrong;
    total += h_partial[b];
  }
  printf("correct_reduction: sum %lld over %d values, %d of %d blocks wrong\n", total, n, wrong, kBlocks);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_partial));
  return 0;
}
