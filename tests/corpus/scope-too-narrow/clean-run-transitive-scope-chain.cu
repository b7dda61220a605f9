// corpus-run:
// transitive_scope_ok: block-scope atomics of two blocks ordered by a chain
// of release/acquire pairs, each at a scope that covers its two threads.
//
// Thread 0 of block 0 writes `word` with atomicExch_block, fences at block
// scope and raises `near` with atomicExch_block; thread 32 of the same block
// sees `near`, fences, writes `word` with a device-scope atomic, fences at
// device scope and raises `far`; thread 0 of block 1 sees `far`, fences and
// writes `word` with atomicExch_block. Each link is a release/acquire whose
// scope includes both of its threads, and happens-before is transitive: the
// two block-scope writes of different blocks are ordered (PTX memory
// consistency model, causality order). The buggy twin,
// transitive_scope_bug.cu, drops the last link.
//
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); return 1; } } while (0)

__global__ void chain(int* word, int* near, int* far) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    atomicExch_block(word, 1);
    __threadfence_block();
    atomicExch_block(near, 1);
  } else if (blockIdx.x == 0 && threadIdx.x == 32) {
    while (atomicAdd_block(near, 0) == 0) {
    }
    __threadfence_block();
    atomicExch(word, 2);
    __threadfence();
    atomicExch(far, 1);
  } else if (blockIdx.x == 1 && threadIdx.x == 0) {
    while (atomicAdd(far, 0) == 0) {
    }
    __threadfence();
    atomicExch_block(word, 3);
  }
}

int main() {
  int* mem;
  CHECK(cudaMallocManaged(&mem, 3 * sizeof(int)));
  for (int i = 0; i < 3; ++i) mem[i] = 0;
  chain<<<2, 64>>>(mem, mem + 1, mem + 2);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  printf("transitive_scope: word %d\n", mem[0]);
  CHECK(cudaFree(mem));
  return 0;
}
