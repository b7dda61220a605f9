// fault_trap_bug: a kernel races on shared memory and then executes
// __trap(), which aborts the kernel and poisons the context.
//
// The race was recorded on the GPU before the trap: the report must hold it
// (the journal in pinned host memory outlives the context) and say that the
// kernel failed. The program fails natively and under warpcheck alike.
//
// EXPECT: race-shared write read
// EXPECT-MESSAGE: made before it failed
#include <cstdio>
#include <cuda_runtime.h>

#define NAME "fault_trap_bug"

constexpr int kThreads = 128;

__global__ void kernel(int* data) {
  __shared__ int s[kThreads];
  int tid = threadIdx.x;
  s[tid] = data[tid];                          // @write
  int v = s[(tid + 32) % kThreads];            // @read
  data[tid] = v;
  __syncthreads();
  if (tid == 0 && data[0] == 0) __trap();
}

int main() {
  int* d;
  cudaMalloc(&d, kThreads * sizeof(int));
  cudaMemset(d, 0, kThreads * sizeof(int));
  kernel<<<1, kThreads>>>(d);
  cudaError_t run = cudaDeviceSynchronize();
  printf("%s: kernel %s\n", NAME, run == cudaSuccess ? "ok" : "failed");
  return run == cudaSuccess ? 0 : 1;
}
