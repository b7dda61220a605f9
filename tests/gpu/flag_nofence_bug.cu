// flag_nofence_bug: a producer/consumer flag between two blocks without
// __threadfence().
//
// Block 0 writes 64 values, then sets a flag with atomicExch; block 1 spins
// on the flag (relaxed atomic loads) and then reads the values. With no fence
// between the data and the flag, block 1 may see the flag before the data
// (CUDA C++ Programming Guide, memory fence functions). The fixed twin,
// flag_nofence_fixed.cu, fences on both sides.
//
// EXPECT: fence-missing data read
#include <cstdio>
#include <cuda/atomic>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kValues = 64;

__global__ void hand_over(int* data, int* flag, int* out) {
  if (threadIdx.x != 0) return;
  if (blockIdx.x == 0) {
    for (int i = 0; i < kValues; ++i) data[i] = i * i;  // @data
    atomicExch(flag, 1);                                // @publish
  } else {
    while (cuda::atomic_ref<int, cuda::thread_scope_device>(*flag).load(cuda::memory_order_relaxed) == 0) {
    }
    int sum = 0;
    for (int i = 0; i < kValues; ++i) sum += data[i];   // @read
    *out = sum;
  }
}

int main() {
  int *data, *flag, *out;
  CHECK(cudaMalloc(&data, kValues * sizeof(int)));
  CHECK(cudaMalloc(&flag, sizeof(int)));
  CHECK(cudaMallocManaged(&out, sizeof(int)));
  CHECK(cudaMemset(flag, 0, sizeof(int)));
  hand_over<<<2, 32>>>(data, flag, out);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  fprintf(stderr, "sum %d\n", *out);
  printf("flag_nofence: done\n");
  CHECK(cudaFree(data));
  CHECK(cudaFree(flag));
  CHECK(cudaFree(out));
  return 0;
}
