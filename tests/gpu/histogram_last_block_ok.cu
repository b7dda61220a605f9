// histogram_last_block_ok: every block adds its bytes' counts to a global
// histogram with atomicAdd, fences and takes a ticket; the last block to
// arrive fences and then reads the whole histogram with plain loads to
// normalise it. The atomics of every block are ordered before those plain
// reads by the fenced ticket (release by __threadfence + atomicInc, acquire
// by observing the last ticket + __threadfence), so nothing races: a
// plain read of words other blocks updated atomically is not a race once
// the reader has acquired them.
//
// EXPECT-NONE
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kBins = 64, kBlocks = 12, kThreads = 256, kN = 1 << 16;

__device__ unsigned int tickets;

__global__ void histogram_normalised(const unsigned char* data, unsigned int* bins, float* share) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < kN; i += gridDim.x * blockDim.x)
    atomicAdd(&bins[data[i] % kBins], 1u);
  __threadfence();
  __shared__ bool last;
  __syncthreads();
  if (threadIdx.x == 0) last = atomicInc(&tickets, gridDim.x - 1) == gridDim.x - 1;
  __syncthreads();
  if (!last) return;
  __threadfence();
  if (threadIdx.x < kBins) share[threadIdx.x] = (float)bins[threadIdx.x] / kN;
}

int main() {
  unsigned char* data;
  unsigned int* bins;
  float* share;
  CHECK(cudaMallocManaged(&data, kN));
  CHECK(cudaMalloc(&bins, kBins * sizeof(unsigned int)));
  CHECK(cudaMallocManaged(&share, kBins * sizeof(float)));
  for (int i = 0; i < kN; ++i) data[i] = (unsigned char)((i * 37 + 5) & 0xff);
  CHECK(cudaMemset(bins, 0, kBins * sizeof(unsigned int)));
  histogram_normalised<<<kBlocks, kThreads>>>(data, bins, share);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  float total = 0;
  for (int b = 0; b < kBins; ++b) total += share[b];
  printf("histogram_last_block: total share %.3f\n", total);
  CHECK(cudaFree(data));
  CHECK(cudaFree(bins));
  CHECK(cudaFree(share));
  return 0;
}
