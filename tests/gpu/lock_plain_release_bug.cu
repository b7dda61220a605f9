// lock_plain_release_bug: a spin lock taken with atomicCAS and released with
// a plain store.
//
// Thread 0 of every block adds its block's count to a total under a lock:
// `while (atomicCAS(lock, 0, 1) != 0) {}` ... `*lock = 0;`. The plain store
// that releases the lock is a data race with the other blocks' atomicCAS on
// the same word, and the next owner's update of the total races with the
// previous owner's: a plain store releases nothing, so no fence on either
// side would order the two critical sections (race-global at the update,
// docs/run-memory-model.md; not fence-missing, which a fence would fix).
// The fixed twin, lock_plain_release_fixed.cu, releases with
// __threadfence() and atomicExch, and fences after taking the lock.
//
// The release also comes after the releasing thread observed another
// block's atomicCAS with no fence between (fence-missing at the release,
// as the reference checker classifies it).
//
// EXPECT: race-global release
// EXPECT: race-global update
// EXPECT: fence-missing release
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kBlocks = 24, kThreads = 64;

__global__ void add_under_lock(int* lock, int* total) {
  if (threadIdx.x != 0) return;
  while (atomicCAS(lock, 0, 1) != 0) {
  }
  *total = *total + blockIdx.x + 1;  // @update
  *lock = 0;              // @release
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
  fprintf(stderr, "total %d (expected %d)\n", *total, kBlocks * (kBlocks + 1) / 2);
  printf("lock_plain_release: done\n");
  CHECK(cudaFree(lock));
  CHECK(cudaFree(total));
  return 0;
}
