// crash_after_race: the program dies (SIGABRT) after a kernel with a race.
//
// The report must still hold the race, collected when the launch ended, and
// warpcheck must end with the same signal as the program run natively.
//
// EXPECT: race-shared write read
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kThreads = 128;

__global__ void rotate(int* data) {
  __shared__ int s[kThreads];
  int tid = threadIdx.x;
  s[tid] = data[tid];                          // @write
  data[tid] = s[(tid + 64) % kThreads];        // @read
}

int main() {
  int* d;
  CHECK(cudaMalloc(&d, kThreads * sizeof(int)));
  CHECK(cudaMemset(d, 0, kThreads * sizeof(int)));
  rotate<<<1, kThreads>>>(d);
  CHECK(cudaDeviceSynchronize());
  printf("crash_after_race: kernel done, aborting\n");
  fflush(stdout);
  abort();
}
