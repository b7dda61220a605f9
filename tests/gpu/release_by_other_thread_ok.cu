// release_by_other_thread_ok: plain writes released by another thread of
// their block, which the block orders after them, and by a callee.
//
// A plain write reaches another block only through a release made after it
// (a fence, then a strong write). That release need not be the writer's
// own: here lanes of warp 0 write data and lane 0 alone fences and sets the
// flag after __syncwarp() (kernel `warp_publish`); two warps write and
// thread 0 publishes after __syncthreads() (`block_publish`); and the
// writer's fence and flag are in a function that is not inlined
// (`callee_publish`: its instructions are not the kernel's). Block 1's
// thread 0 acquires each flag (atomic poll, then __threadfence()) and reads
// everything: ordered, nothing to report.
//
// EXPECT-NONE
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

__device__ void wait_for(int* flag) {
  while (atomicAdd(flag, 0) == 0) {
  }
  __threadfence();
}

__global__ void warp_publish(int* flag, int* data, int* sum) {
  if (blockIdx.x == 0) {
    if (threadIdx.x >= 32) return;
    data[threadIdx.x] = (int)threadIdx.x + 1;
    __syncwarp();
    if (threadIdx.x == 0) {
      __threadfence();
      atomicExch(flag, 1);
    }
  } else if (threadIdx.x == 0) {
    wait_for(flag);
    int s = 0;
    for (int i = 0; i < 32; ++i) s += data[i];
    *sum = s;
  }
}

__global__ void block_publish(int* flag, int* data, int* sum) {
  if (blockIdx.x == 0) {
    data[threadIdx.x] = 2 * (int)threadIdx.x;
    __syncthreads();
    if (threadIdx.x == 0) {
      __threadfence();
      atomicExch(flag, 1);
    }
  } else if (threadIdx.x == 0) {
    wait_for(flag);
    int s = 0;
    for (int i = 0; i < 64; ++i) s += data[i];
    *sum = s;
  }
}

__device__ __noinline__ void publish(int* flag) {
  __threadfence();
  atomicExch(flag, 1);
}

__global__ void callee_publish(int* flag, int* data, int* sum) {
  if (threadIdx.x != 0) return;
  if (blockIdx.x == 0) {
    data[0] = 7;
    publish(flag);
  } else {
    wait_for(flag);
    *sum = data[0];
  }
}

int main() {
  int *flag, *data, *sum;
  CHECK(cudaMalloc(&flag, 3 * sizeof(int)));
  CHECK(cudaMalloc(&data, 3 * 64 * sizeof(int)));
  CHECK(cudaMallocManaged(&sum, 3 * sizeof(int)));
  CHECK(cudaMemset(flag, 0, 3 * sizeof(int)));
  warp_publish<<<2, 64>>>(flag, data, sum);
  block_publish<<<2, 64>>>(flag + 1, data + 64, sum + 1);
  callee_publish<<<2, 32>>>(flag + 2, data + 128, sum + 2);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  printf("release_by_other_thread: %d %d %d\n", sum[0], sum[1], sum[2]);
  CHECK(cudaFree(flag));
  CHECK(cudaFree(data));
  CHECK(cudaFree(sum));
  return 0;
}
