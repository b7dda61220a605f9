// block_scope_flag_bug: a block-scope atomic used as a flag between blocks.
//
// Block 0 writes a value, fences, and raises a flag with atomicExch_block;
// block 1 polls the flag with atomicAdd_block(flag, 0). Block-scope atomics
// are atomic only with respect to the threads of one block: another block
// is not covered by them. The fixed twin, block_scope_flag_fixed.cu, uses
// device-scope atomicExch and atomicAdd.
//
// EXPECT: scope-too-narrow raise poll
// The data the flag hands over races too, and widening the scopes alone
// would order it (docs/run-memory-model.md, "How a race is classified"):
// EXPECT: scope-too-narrow data use
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

__global__ void hand_over(int* data, int* flag) {
  if (threadIdx.x != 0) return;
  if (blockIdx.x == 0) {
    data[0] = 42;  // @data
    __threadfence();
    atomicExch_block(flag, 1);              // @raise
  } else {
    while (atomicAdd_block(flag, 0) == 0) {  // @poll
    }
    __threadfence();
    data[1] = data[0] + 1;  // @use
  }
}

int main() {
  int *data, *flag;
  CHECK(cudaMallocManaged(&data, 2 * sizeof(int)));
  CHECK(cudaMalloc(&flag, sizeof(int)));
  CHECK(cudaMemset(flag, 0, sizeof(int)));
  hand_over<<<2, 32>>>(data, flag);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  fprintf(stderr, "data[1] = %d\n", data[1]);
  printf("block_scope_flag: done\n");
  CHECK(cudaFree(data));
  CHECK(cudaFree(flag));
  return 0;
}
