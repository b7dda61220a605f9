// lock_bypass_bug: one block updates a counter under a spin lock, another
// writes it without taking the lock.
//
// Blocks 1..7 add to `total` inside a correct lock (atomicCAS, fence,
// update, fence, atomicExch). Block 0 resets `total` with a plain store and
// no lock: nothing orders its store with the others' critical sections.
// The fixed twin, lock_bypass_fixed.cu, takes the lock for the reset too.
//
// EXPECT: race-global bypass
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

__global__ void update(int* lock, int* total) {
  if (threadIdx.x != 0) return;
  if (blockIdx.x == 0) {
    *total = 0;  // @bypass
    return;
  }
  while (atomicCAS(lock, 0, 1) != 0) {
  }
  __threadfence();
  *total = *total + (int)blockIdx.x;
  __threadfence();
  atomicExch(lock, 0);
}

int main() {
  int *lock, *total;
  CHECK(cudaMalloc(&lock, sizeof(int)));
  CHECK(cudaMallocManaged(&total, sizeof(int)));
  CHECK(cudaMemset(lock, 0, sizeof(int)));
  *total = 5;
  update<<<8, 32>>>(lock, total);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  fprintf(stderr, "total %d\n", *total);
  printf("lock_bypass: done\n");
  CHECK(cudaFree(lock));
  CHECK(cudaFree(total));
  return 0;
}
