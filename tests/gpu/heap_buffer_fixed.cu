// heap_buffer_fixed: heap_buffer_bug.cu with the barrier between the writes
// and the reads; and memory from device-side malloc() reused over and over.
//
// Besides the block's shared buffer, every thread of 64 blocks allocates,
// fills, reads and frees a private buffer four times: the heap hands the
// same addresses to other threads and blocks within the launch, and the
// second launch reuses them again. Memory freed and allocated anew has no
// history, so none of this is a race.
//
// EXPECT-NONE
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kBlocks = 64, kThreads = 128, kPrivate = 16, kRounds = 4;

__global__ void neighbour_sum(int* out) {
  __shared__ int* buffer;
  int tid = threadIdx.x;
  if (tid == 0) buffer = (int*)malloc(kThreads * sizeof(int));
  __syncthreads();
  if (!buffer) return;
  buffer[tid] = tid * (blockIdx.x + 1);
  __syncthreads();
  int next = buffer[(tid + 1) % kThreads];
  int sum = buffer[tid] + next;
  for (int round = 0; round < kRounds; ++round) {
    int* mine = (int*)malloc(kPrivate * sizeof(int));
    if (!mine) break;
    for (int i = 0; i < kPrivate; ++i) mine[i] = i + round + tid;
    for (int i = 0; i < kPrivate; ++i) sum += mine[i];
    free(mine);
  }
  out[blockIdx.x * kThreads + tid] = sum;
  __syncthreads();
  if (tid == 0) free(buffer);
}

int main() {
  int* out;
  CHECK(cudaMalloc(&out, kBlocks * kThreads * sizeof(int)));
  for (int launch = 0; launch < 2; ++launch) {
    neighbour_sum<<<kBlocks, kThreads>>>(out);
    CHECK(cudaGetLastError());
  }
  CHECK(cudaDeviceSynchronize());
  int first = 0;
  CHECK(cudaMemcpy(&first, out, sizeof(int), cudaMemcpyDeviceToHost));
  printf("heap_buffer: out[0] = %d\n", first);
  CHECK(cudaFree(out));
  return 0;
}
