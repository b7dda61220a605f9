// block_scope_lock_bug: a spin lock taken with atomicCAS_block by threads of
// different blocks.
//
// Thread 0 of every block takes one lock with atomicCAS_block, fences,
// updates `total`, fences and releases with atomicExch_block. Block-scope
// atomics are atomic only with respect to the threads of one block (CUDA C++
// Programming Guide, Atomic Functions): two blocks can hold the lock at
// once. block_scope_lock_ok.cu uses such a lock correctly, among the warps
// of one block.
//
// EXPECT: scope-too-narrow take
// The critical sections of different blocks race on `total`, and widening
// the scopes alone would order them:
// EXPECT: scope-too-narrow update
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

__global__ void add_under_lock(int* lock, int* total) {
  if (threadIdx.x != 0) return;
  while (atomicCAS_block(lock, 0, 1) != 0) {  // @take
  }
  __threadfence();
  *total = *total + 1;  // @update
  __threadfence();
  atomicExch_block(lock, 0);  // @release
}

int main() {
  int *lock, *total;
  CHECK(cudaMalloc(&lock, sizeof(int)));
  CHECK(cudaMallocManaged(&total, sizeof(int)));
  CHECK(cudaMemset(lock, 0, sizeof(int)));
  *total = 0;
  add_under_lock<<<16, 32>>>(lock, total);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  fprintf(stderr, "total %d\n", *total);
  printf("block_scope_lock: done\n");
  CHECK(cudaFree(lock));
  CHECK(cudaFree(total));
  return 0;
}
