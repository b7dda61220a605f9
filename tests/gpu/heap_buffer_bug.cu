// heap_buffer_bug: a block shares a buffer from device-side malloc() and
// reads its neighbour's element with no barrier after the writes.
//
// Thread 0 of each block allocates the block's buffer with malloc() and
// hands the pointer over through shared memory (a barrier orders that).
// Each thread then writes its element and at once reads the next thread's:
// thread 31 reads what thread 32, another warp, may not have written yet
// (read-after-write, intra-block). The Sanitizer API reports no allocation
// for the device heap: warpcheck registers it from the malloc() calls and
// names the call in the finding. The fixed twin is heap_buffer_fixed.cu.
//
// EXPECT: race-global read alloc
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kBlocks = 4, kThreads = 128;

__global__ void neighbour_sum(int* out) {
  __shared__ int* buffer;
  int tid = threadIdx.x;
  if (tid == 0) buffer = (int*)malloc(kThreads * sizeof(int));  // @alloc
  __syncthreads();
  if (!buffer) return;
  buffer[tid] = tid * (blockIdx.x + 1);
  int next = buffer[(tid + 1) % kThreads];  // @read
  out[blockIdx.x * kThreads + tid] = buffer[tid] + next;
  __syncthreads();
  if (tid == 0) free(buffer);
}

int main() {
  int* out;
  CHECK(cudaMalloc(&out, kBlocks * kThreads * sizeof(int)));
  neighbour_sum<<<kBlocks, kThreads>>>(out);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  printf("heap_buffer: done\n");
  CHECK(cudaFree(out));
  return 0;
}
