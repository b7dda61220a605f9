// corpus-run:
// lock_acquire_nofence_bug: a spin lock whose acquire has no fence after
// the atomicCAS.
//
// The release is right (__threadfence(), then atomicExch), but the
// atomicCAS that takes the lock is a relaxed atomic: without a fence after
// it, the holder's reads of `total` are not ordered after the previous
// holder's writes (the legacy atomics "do not introduce synchronization
// points (fences)": CUDA C++ Programming Guide, Atomic Functions). The
// fixed twin is lock_plain_release_fixed.cu.
//
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); return 1; } } while (0)

__global__ void add_under_lock(int* lock, int* total) {
  if (threadIdx.x != 0) return;
  while (atomicCAS(lock, 0, 1) != 0) {
  }
  *total = *total + blockIdx.x + 1;  // expect-run: fence-missing
  __threadfence();
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
  printf("lock_acquire_nofence: done\n");
  CHECK(cudaFree(lock));
  CHECK(cudaFree(total));
  return 0;
}
