// shared_histogram: a correct histogram with atomics on shared bins
// (no bug twin).
//
// Each block zeroes its 256 shared bins (plain stores), waits at
// __syncthreads(), counts its part of the input with atomicAdd on the shared
// bins (atomics do not race with each other), waits again, then adds its
// bins into the global histogram. The barriers separate the plain stores,
// the atomics and the plain loads.
//
// EXPECT-NONE
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kBins = 256;
constexpr int kThreads = 128;   // fewer threads than bins: each zeroes two
constexpr int kBlocks = 4;
constexpr int kN = 1 << 16;

__global__ void histogram(const unsigned char* data, int n, unsigned* bins) {
  __shared__ unsigned s[kBins];
  for (int b = threadIdx.x; b < kBins; b += blockDim.x) s[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&s[data[i]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < kBins; b += blockDim.x)
    if (s[b] != 0) atomicAdd(&bins[b], s[b]);
}

int main() {
  std::vector<unsigned char> h_data(kN);
  unsigned x = 12345u;
  for (int i = 0; i < kN; ++i) {
    x = x * 1664525u + 1013904223u;
    // skewed: many hits on a few bins, so the shared atomics collide
    h_data[i] = (unsigned char)((x >> 24) % ((i % 4) == 0 ? 256 : 8));
  }
  unsigned char* d_data;
  unsigned* d_bins;
  CHECK(cudaMalloc(&d_data, kN));
  CHECK(cudaMalloc(&d_bins, kBins * sizeof(unsigned)));
  CHECK(cudaMemcpy(d_data, h_data.data(), kN, cudaMemcpyHostToDevice));
  CHECK(cudaMemset(d_bins, 0, kBins * sizeof(unsigned)));
  histogram<<<kBlocks, kThreads>>>(d_data, kN, d_bins);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  std::vector<unsigned> h_bins(kBins), want(kBins, 0);
  CHECK(cudaMemcpy(h_bins.data(), d_bins, kBins * sizeof(unsigned), cudaMemcpyDeviceToHost));
  for (int i = 0; i < kN; ++i) ++want[h_data[i]];
  int wrong = 0;
  unsigned long long total = 0, weighted = 0;
  for (int b = 0; b < kBins; ++b) {
    if (h_bins[b] != want[b]) ++wrong;
    total += h_bins[b];
    weighted += (unsigned long long)h_bins[b] * (b + 1);
  }
  printf("shared_histogram: %llu values, weighted checksum %llu, %d of %d bins wrong\n",
         total, weighted, wrong, kBins);
  CHECK(cudaFree(d_data));
  CHECK(cudaFree(d_bins));
  return 0;
}
