// lock_write_after_release_bug: a block reads `total` inside the lock and
// writes it just after releasing the lock.
//
// Each block's thread 0 takes a correct spin lock, reads `total`, releases
// the lock, and only then stores the incremented value. The store is
// outside every critical section: it races with the next holder's read and
// with the other blocks' late stores. The fixed twin is
// lock_plain_release_fixed.cu (the store inside the lock).
//
// EXPECT: race-global late
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

__global__ void add_late(int* lock, int* total) {
  if (threadIdx.x != 0) return;
  while (atomicCAS(lock, 0, 1) != 0) {
  }
  __threadfence();
  int seen = *total;
  __threadfence();
  atomicExch(lock, 0);
  *total = seen + 1;  // @late
}

int main() {
  int *lock, *total;
  CHECK(cudaMalloc(&lock, sizeof(int)));
  CHECK(cudaMallocManaged(&total, sizeof(int)));
  CHECK(cudaMemset(lock, 0, sizeof(int)));
  *total = 0;
  add_late<<<16, 32>>>(lock, total);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  fprintf(stderr, "total %d\n", *total);
  printf("lock_write_after_release: done\n");
  CHECK(cudaFree(lock));
  CHECK(cudaFree(total));
  return 0;
}
