// Benchmark: 4096-bin histogram of 16M ints straight into global memory
// (atomicAdd on global bins, no shared stage), then a second kernel that
// normalises the bins (plain reads of what the first wrote: another launch,
// so ordered). Race-free. Exercises the global-memory detector on atomics.
//
//   global_histogram [launches=5] [check]
//
// Prints the checksum of the bins, a verification line and `kernel_ms:`.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#include "../../tests/gpu/cuda_check.h"
#include "launch_timer.h"

constexpr int N = 16 << 20;
constexpr int kBins = 4096;

__global__ void histogram(const int* data, int n, unsigned* bins) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&bins[data[i] & (kBins - 1)], 1u);
}

__global__ void normalise(const unsigned* bins, float* freq, int n) {
  int b = blockIdx.x * blockDim.x + threadIdx.x;
  if (b < kBins) freq[b] = bins[b] / (float)n;
}

int main(int argc, char** argv) {
  int launches = argc > 1 ? atoi(argv[1]) : 5;
  std::vector<int> data(N);
  unsigned x = 2463534242u;
  for (int i = 0; i < N; ++i) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    data[i] = (int)(x >> 4);
  }
  int* d_data;
  unsigned* d_bins;
  float* d_freq;
  CHECK(cudaMalloc(&d_data, N * sizeof(int)));
  CHECK(cudaMalloc(&d_bins, kBins * sizeof(unsigned)));
  CHECK(cudaMalloc(&d_freq, kBins * sizeof(float)));
  CHECK(cudaMemcpy(d_data, data.data(), N * sizeof(int), cudaMemcpyHostToDevice));
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  float ms = 0;
  LaunchTimer timer;
  for (int l = 0; l < launches; ++l) {
    CHECK(cudaMemset(d_bins, 0, kBins * sizeof(unsigned)));
    CHECK(cudaEventRecord(start));
    histogram<<<528, 256>>>(d_data, N, d_bins);
    normalise<<<kBins / 256, 256>>>(d_bins, d_freq, N);
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float one = 0;
    CHECK(cudaEventElapsedTime(&one, start, stop));
    ms += one;
    timer.add(one);
  }
  std::vector<unsigned> bins(kBins), want(kBins, 0);
  CHECK(cudaMemcpy(bins.data(), d_bins, kBins * sizeof(unsigned), cudaMemcpyDeviceToHost));
  for (int i = 0; i < N; ++i) ++want[data[i] & (kBins - 1)];
  int wrong = 0;
  unsigned long long weighted = 0;
  for (int b = 0; b < kBins; ++b) {
    if (bins[b] != want[b]) ++wrong;
    weighted += (unsigned long long)bins[b] * (b + 1);
  }
  printf("global_histogram: checksum %llu\n", weighted);
  printf("global_histogram: %d of %d bins wrong\n", wrong, kBins);
  printf("kernel_ms: %.3f\n", ms);
  timer.print();
  CHECK(cudaFree(d_data));
  CHECK(cudaFree(d_bins));
  CHECK(cudaFree(d_freq));
  return wrong != 0;
}
