// corpus-run:
// transitive_scope_bug: the chain of transitive_scope_ok.cu without its last
// link.
//
// Thread 0 of block 0 writes `word` with atomicExch_block; thread 0 of
// block 1 also writes it with atomicExch_block without waiting for the
// device-scope flag the fixed twin raises. Block-scope atomics are atomic
// only among the threads of one block: two of them from different blocks,
// unordered, race. A device-scope atomic (or waiting for the flag) fixes it.
//
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); return 1; } } while (0)

__global__ void chain(int* word, int* near, int* far) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    atomicExch_block(word, 1);  // expect-run-also: scope-too-narrow
    __threadfence_block();
    atomicExch_block(near, 1);
  } else if (blockIdx.x == 0 && threadIdx.x == 32) {
    while (atomicAdd_block(near, 0) == 0) {
    }
    __threadfence_block();
    atomicExch(far, 1);
  } else if (blockIdx.x == 1 && threadIdx.x == 0) {
    atomicExch_block(word, 3);  // expect-run: scope-too-narrow
  }
}

int main() {
  int* mem;
  CHECK(cudaMallocManaged(&mem, 3 * sizeof(int)));
  for (int i = 0; i < 3; ++i) mem[i] = 0;
  chain<<<2, 64>>>(mem, mem + 1, mem + 2);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  fprintf(stderr, "word %d\n", mem[0]);
  printf("transitive_scope: done\n");
  CHECK(cudaFree(mem));
  return 0;
}
