// block_scope_flag_fixed: the hand-over of block_scope_flag_bug.cu with
// device-scope atomics (atomicExch, atomicAdd).
//
// EXPECT-NONE
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

__global__ void hand_over(int* data, int* flag) {
  if (threadIdx.x != 0) return;
  if (blockIdx.x == 0) {
    data[0] = 42;
    __threadfence();
    atomicExch(flag, 1);
  } else {
    while (atomicAdd(flag, 0) == 0) {
    }
    __threadfence();
    data[1] = data[0] + 1;
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
  printf("data[1] = %d\n", data[1]);
  CHECK(cudaFree(data));
  CHECK(cudaFree(flag));
  return 0;
}
