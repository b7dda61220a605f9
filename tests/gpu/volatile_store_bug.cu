// volatile_store_bug: `volatile` taken for atomic.
//
// Thread 0 of every block stores its block index through a `volatile`
// pointer to one word, and thread 0 of block 0 also swaps it with
// atomicExch. `volatile` only keeps the compiler from caching the value
// (CUDA C++ Programming Guide, "Volatile Qualifier"); it makes no access
// atomic, so these unordered conflicting accesses race under CUDA C++ (PTX
// reads `st.volatile` as a relaxed system-scope store, which is why it
// "works"). Reported as a race-volatile warning with the cuda::atomic_ref
// fix; volatile_store_fixed.cu uses it.
//
// EXPECT: race-volatile store
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

__global__ void last_writer(int* word) {
  if (threadIdx.x != 0) return;
  *(volatile int*)word = blockIdx.x;  // @store
  if (blockIdx.x == 0) atomicExch(word, -1);
}

int main() {
  int* word;
  CHECK(cudaMallocManaged(&word, sizeof(int)));
  *word = 0;
  last_writer<<<8, 32>>>(word);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  fprintf(stderr, "word %d\n", *word);
  printf("volatile_store: done\n");
  CHECK(cudaFree(word));
  return 0;
}
