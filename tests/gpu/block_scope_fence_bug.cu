// block_scope_fence_bug: data published to another block with only a
// block-scope fence.
//
// Block 0 writes the data, runs __threadfence_block() and raises a
// device-scope flag with atomicExch; block 1 polls the flag, fences with
// __threadfence() and reads the data. __threadfence_block() orders the
// writes only as seen by threads of block 0 (CUDA C++ Programming Guide,
// Memory Fence Functions): block 1 may see the flag before the data. The
// fixed twin is flag_nofence_fixed.cu (a __threadfence()).
//
// EXPECT: scope-too-narrow data read
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

__global__ void hand_over(int* data, int* flag) {
  if (threadIdx.x != 0) return;
  if (blockIdx.x == 0) {
    data[0] = 42;  // @data
    __threadfence_block();
    atomicExch(flag, 1);
  } else {
    while (atomicAdd(flag, 0) == 0) {
    }
    __threadfence();
    data[1] = data[0] + 1;  // @read
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
  printf("block_scope_fence: done\n");
  CHECK(cudaFree(data));
  CHECK(cudaFree(flag));
  return 0;
}
