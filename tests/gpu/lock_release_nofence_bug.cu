// lock_release_nofence_bug: a spin lock released with atomicExch and no
// fence before it.
//
// The acquire is right (atomicCAS, then __threadfence()), but the release
// is a relaxed atomicExch with no fence before it: the holder's store to
// `total` is not published by it, so the next holder's read races with it
// (the legacy atomics "do not introduce synchronization points (fences)":
// CUDA C++ Programming Guide, Atomic Functions). The fixed twin is
// lock_plain_release_fixed.cu.
//
// EXPECT: fence-missing update
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

__global__ void add_under_lock(int* lock, int* total) {
  if (threadIdx.x != 0) return;
  while (atomicCAS(lock, 0, 1) != 0) {
  }
  __threadfence();
  *total = *total + blockIdx.x + 1;  // @update
  atomicExch(lock, 0);
}

int main() {
  int *lock, *total;
  CHECK(cudaMalloc(&lock, sizeof(int)));
  CHECK(cudaMallocManaged(&total, sizeof(int)));
  CHECK(cudaMemset(lock, 0, sizeof(int)));
  *total = 0;
  add_under_lock<<<24, 64>>>(lock, total);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  fprintf(stderr, "total %d\n", *total);
  printf("lock_release_nofence: done\n");
  CHECK(cudaFree(lock));
  CHECK(cudaFree(total));
  return 0;
}
