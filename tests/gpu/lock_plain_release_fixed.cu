// lock_plain_release_fixed: the spin lock of lock_plain_release_bug.cu done
// right: a __threadfence() after taking the lock, and the release a
// __threadfence() followed by atomicExch. The total is exact.
//
// EXPECT-NONE
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kBlocks = 24, kThreads = 64;

__global__ void add_under_lock(int* lock, int* total) {
  if (threadIdx.x != 0) return;
  while (atomicCAS(lock, 0, 1) != 0) {
  }
  __threadfence();
  *total = *total + blockIdx.x + 1;
  __threadfence();
  atomicExch(lock, 0);
}

int main() {
  int *lock, *total;
  CHECK(cudaMalloc(&lock, sizeof(int)));
  CHECK(cudaMallocManaged(&total, sizeof(int)));
  CHECK(cudaMemset(lock, 0, sizeof(int)));
  *total = 0;
  add_under_lock<<<kBlocks, kThreads>>>(lock, total);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  printf("lock_plain_release: total %d (expected %d)\n", *total, kBlocks * (kBlocks + 1) / 2);
  CHECK(cudaFree(lock));
  CHECK(cudaFree(total));
  return 0;
}
