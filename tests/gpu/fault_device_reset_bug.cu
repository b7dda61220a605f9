// fault_device_reset_bug: the program races in one kernel, calls
// cudaDeviceReset() (which destroys the context, its memory and its
// modules), then allocates again and races in another kernel.
//
// warpcheck must keep the finding of the first context and check the
// second one as a fresh start: both races are reported.
//
// EXPECT: race-shared first_write first_read
// EXPECT: race-shared second_write second_read
#include <cstdio>
#include <cuda_runtime.h>

#define NAME "fault_device_reset_bug"

constexpr int kThreads = 128;

__global__ void first(int* data) {
  __shared__ int s[kThreads];
  int tid = threadIdx.x;
  s[tid] = data[tid];                          // @first_write
  data[tid] = s[(tid + 32) % kThreads];        // @first_read
}

__global__ void second(int* data) {
  __shared__ int s[kThreads];
  int tid = threadIdx.x;
  s[tid] = data[tid] + 1;                      // @second_write
  data[tid] = s[(tid + 64) % kThreads];        // @second_read
}

int run(bool useSecond) {
  int* d;
  if (cudaMalloc(&d, kThreads * sizeof(int)) != cudaSuccess) return 1;
  cudaMemset(d, 0, kThreads * sizeof(int));
  if (useSecond) second<<<1, kThreads>>>(d);
  else first<<<1, kThreads>>>(d);
  cudaError_t e = cudaDeviceSynchronize();
  cudaFree(d);
  return e == cudaSuccess ? 0 : 1;
}

int main() {
  int a = run(false);
  cudaError_t reset = cudaDeviceReset();
  int b = run(true);
  printf("%s: first %s, reset %s, second %s\n", NAME, a ? "failed" : "ok", reset == cudaSuccess ? "ok" : "failed",
         b ? "failed" : "ok");
  return a || b || reset != cudaSuccess;
}
