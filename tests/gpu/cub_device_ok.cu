// cub_device_ok: CUB device-wide algorithms (CCCL, shipped with the
// toolkit): reduce, inclusive scan (decoupled look-back between blocks
// through strong accesses and fences) and radix sort (atomics on global
// histograms, onesweep look-back). Correct library code: no finding.
//
// EXPECT-NONE
#include <cstdio>
#include <cub/cub.cuh>
#include <cuda_runtime.h>
#include <vector>

#include "cuda_check.h"

constexpr int kN = 1 << 20;

int main() {
  std::vector<int> host(kN);
  for (int i = 0; i < kN; ++i) host[i] = (int)((i * 7919LL) % 1000);
  int *in, *out, *sum;
  CHECK(cudaMalloc(&in, kN * sizeof(int)));
  CHECK(cudaMalloc(&out, kN * sizeof(int)));
  CHECK(cudaMalloc(&sum, sizeof(int)));
  CHECK(cudaMemcpy(in, host.data(), kN * sizeof(int), cudaMemcpyHostToDevice));
  void* temp = nullptr;
  size_t bytes = 0, need = 0;
  CHECK(cub::DeviceReduce::Sum(nullptr, need, in, sum, kN));
  bytes = std::max(bytes, need);
  CHECK(cub::DeviceScan::InclusiveSum(nullptr, need, in, out, kN));
  bytes = std::max(bytes, need);
  CHECK(cub::DeviceRadixSort::SortKeys(nullptr, need, in, out, kN));
  bytes = std::max(bytes, need);
  CHECK(cudaMalloc(&temp, bytes));

  int total = 0, last = 0, first = 0, median = 0;
  need = bytes;
  CHECK(cub::DeviceReduce::Sum(temp, need, in, sum, kN));
  CHECK(cudaMemcpy(&total, sum, sizeof(int), cudaMemcpyDeviceToHost));
  need = bytes;
  CHECK(cub::DeviceScan::InclusiveSum(temp, need, in, out, kN));
  CHECK(cudaMemcpy(&last, out + kN - 1, sizeof(int), cudaMemcpyDeviceToHost));
  need = bytes;
  CHECK(cub::DeviceRadixSort::SortKeys(temp, need, in, out, kN));
  CHECK(cudaMemcpy(&first, out, sizeof(int), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(&median, out + kN / 2, sizeof(int), cudaMemcpyDeviceToHost));
  CHECK(cudaDeviceSynchronize());
  printf("cub: sum %d, scan last %d, sorted first %d median %d\n", total, last, first, median);
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
  CHECK(cudaFree(sum));
  CHECK(cudaFree(temp));
  return 0;
}
