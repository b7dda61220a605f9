// fault_after_race_bug: a kernel races on shared memory and then faults
// (a store through a bad pointer), which ends the kernel and poisons the
// context: nothing can be copied back from the device after it.
//
// warpcheck records the race on the GPU before the fault; the report must
// still hold it (each new finding is also written to a journal in pinned
// host memory, which outlives the context). The program fails natively and
// under warpcheck alike, with the same exit code.
//
// EXPECT: race-shared write read
#include <cstdio>
#include <cuda_runtime.h>

#define NAME "fault_after_race_bug"

constexpr int kThreads = 128;

__global__ void kernel(int* data, int* bad) {
  __shared__ int s[kThreads];
  int tid = threadIdx.x;
  s[tid] = data[tid];                          // @write
  int v = s[(tid + 64) % kThreads];            // @read
  data[tid] = v;
  __syncthreads();
  if (tid == 0) bad[v & 1] = v;                // faults: `bad` points nowhere
}

int main() {
  int* d;
  cudaMalloc(&d, kThreads * sizeof(int));
  cudaMemset(d, 0, kThreads * sizeof(int));
  kernel<<<1, kThreads>>>(d, reinterpret_cast<int*>(0x10));
  cudaError_t run = cudaDeviceSynchronize();
  printf("%s: kernel %s\n", NAME, run == cudaSuccess ? "ok" : "failed");
  return run == cudaSuccess ? 0 : 1;
}
