// Benchmark: 256-bin histogram of 64M bytes with atomics on shared bins.
// Each block zeroes its shared bins, barrier, counts a grid-stride share of
// the input (4 bytes a load) with atomicAdd on the shared bins, barrier, then
// adds its bins into the global histogram. Race-free (atomics do not race
// with atomics; barriers separate them from the plain accesses).
//
//   histogram [launches=5] [check]
//
// Prints the checksum of the bins, a verification line (every bin against
// the CPU) and `kernel_ms:` (the histogram kernels, CUDA events).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>

#include "../../tests/gpu/cuda_check.h"
#include "launch_timer.h"

constexpr long long N = 64ll << 20;   // bytes
constexpr int kBins = 256;
constexpr int kThreads = 256;
constexpr int kBlocks = 1056;          // a multiple of 132 SMs

__global__ void histogram(const uchar4* data, long long n4, unsigned* bins) {
  __shared__ unsigned s[kBins];
  for (int b = threadIdx.x; b < kBins; b += blockDim.x) s[b] = 0;
  __syncthreads();
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n4;
       i += (long long)gridDim.x * blockDim.x) {
    uchar4 v = data[i];
    atomicAdd(&s[v.x], 1u);
    atomicAdd(&s[v.y], 1u);
    atomicAdd(&s[v.z], 1u);
    atomicAdd(&s[v.w], 1u);
  }
  __syncthreads();
  for (int b = threadIdx.x; b < kBins; b += blockDim.x)
    if (s[b] != 0) atomicAdd(&bins[b], s[b]);
}

int main(int argc, char** argv) {
  int launches = argc > 1 ? atoi(argv[1]) : 5;
  (void)(argc > 2 && strcmp(argv[2], "check") == 0);   // the check is always complete
  std::vector<unsigned char> data(N);
  unsigned x = 2463534242u;
  for (long long i = 0; i < N; ++i) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    // three quarters spread over all bins, one quarter on 16 bins: some collisions
    data[i] = (unsigned char)((i & 3) == 3 ? (x >> 8) & 15 : x >> 24);
  }
  unsigned char* d_data;
  unsigned* d_bins;
  CHECK(cudaMalloc(&d_data, N));
  CHECK(cudaMalloc(&d_bins, kBins * sizeof(unsigned)));
  CHECK(cudaMemcpy(d_data, data.data(), N, cudaMemcpyHostToDevice));
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  float ms = 0;
  LaunchTimer timer;
  for (int l = 0; l < launches; ++l) {
    CHECK(cudaMemset(d_bins, 0, kBins * sizeof(unsigned)));
    CHECK(cudaEventRecord(start));
    histogram<<<kBlocks, kThreads>>>((const uchar4*)d_data, N / 4, d_bins);
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float one = 0;
    CHECK(cudaEventElapsedTime(&one, start, stop));
    ms += one;
    timer.add(one);
  }
  std::vector<unsigned> bins(kBins);
  std::vector<unsigned long long> want(kBins, 0);
  CHECK(cudaMemcpy(bins.data(), d_bins, kBins * sizeof(unsigned), cudaMemcpyDeviceToHost));
  for (long long i = 0; i < N; ++i) ++want[data[i]];
  int wrong = 0;
  unsigned long long total = 0, weighted = 0;
  for (int b = 0; b < kBins; ++b) {
    if (bins[b] != want[b]) ++wrong;
    total += bins[b];
    weighted += (unsigned long long)bins[b] * (b + 1);
  }
  printf("histogram %lld bytes, %d bins, %d launches\n", N, kBins, launches);
  printf("checksum: %llu values, weighted %llu\n", total, weighted);
  printf("verified: %d bins, %d wrong\n", kBins, wrong);
  printf("kernel_ms: %.3f\n", ms);
  timer.print();
  CHECK(cudaFree(d_data));
  CHECK(cudaFree(d_bins));
  return 0;
}
