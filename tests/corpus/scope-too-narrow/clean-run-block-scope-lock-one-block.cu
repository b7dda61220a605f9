// corpus-run:
// block_scope_lock_ok: a block-scope spin lock used only by the warps of one
// block.
//
// Each block has its own lock and counter in global memory; lane 0 of each
// of its warps takes the lock with atomicCAS_block, fences at block scope,
// updates the block's counter, fences and releases with atomicExch_block.
// Every contender is a thread of the block, which block scope covers: the
// critical sections are ordered.
//
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); return 1; } } while (0)

constexpr int kBlocks = 8, kThreads = 256;

__global__ void count_warps(int* locks, int* counts) {
  if (threadIdx.x % 32 != 0) return;
  int* lock = &locks[blockIdx.x];
  while (atomicCAS_block(lock, 0, 1) != 0) {
  }
  __threadfence_block();
  counts[blockIdx.x] = counts[blockIdx.x] + 1;
  __threadfence_block();
  atomicExch_block(lock, 0);
}

int main() {
  int *locks, *counts;
  CHECK(cudaMalloc(&locks, kBlocks * sizeof(int)));
  CHECK(cudaMallocManaged(&counts, kBlocks * sizeof(int)));
  CHECK(cudaMemset(locks, 0, kBlocks * sizeof(int)));
  for (int i = 0; i < kBlocks; ++i) counts[i] = 0;
  count_warps<<<kBlocks, kThreads>>>(locks, counts);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  int total = 0;
  for (int i = 0; i < kBlocks; ++i) total += counts[i];
  printf("block_scope_lock: %d warps counted\n", total);
  CHECK(cudaFree(locks));
  CHECK(cudaFree(counts));
  return 0;
}
