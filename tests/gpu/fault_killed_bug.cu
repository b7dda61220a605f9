// fault_killed_bug: the program is killed (SIGKILL, which no handler can
// catch) while a kernel runs. An earlier launch raced and finished; the
// running kernel raced too, then waits for a flag that never comes. A
// child process kills the program after three seconds (under warpcheck
// the launch call itself waits for the kernel, as under compute-sanitizer).
//
// warpcheck cannot run anything in a killed process: what it keeps must
// already be outside it. The first launch's finding is in the raw log, the
// running kernel's in the file-backed journal the GPU writes each new
// finding to. Both races are reported, and the report says the program was
// killed during a launch.
//
// EXPECT: race-shared done_write done_read
// EXPECT: race-shared live_write live_read
// EXPECT-MESSAGE: killed by signal 9
// EXPECT-MESSAGE: while .*spinKernel.* was running
#include <csignal>
#include <cstdio>
#include <cuda_runtime.h>
#include <unistd.h>

#define NAME "fault_killed_bug"

constexpr int kThreads = 128;

__global__ void doneKernel(int* data) {
  __shared__ int s[kThreads];
  int tid = threadIdx.x;
  s[tid] = data[tid];                          // @done_write
  data[tid] = s[(tid + 32) % kThreads];        // @done_read
}

__global__ void spinKernel(int* data, volatile int* never) {
  __shared__ int s[kThreads];
  int tid = threadIdx.x;
  s[tid] = data[tid] + 1;                      // @live_write
  data[tid] = s[(tid + 64) % kThreads];        // @live_read
  if (tid == 0)
    while (*never == 0) __nanosleep(1000);
}

int main() {
  int *d, *flag;
  cudaMalloc(&d, kThreads * sizeof(int));
  cudaMalloc(&flag, sizeof(int));
  cudaMemset(d, 0, kThreads * sizeof(int));
  cudaMemset(flag, 0, sizeof(int));
  doneKernel<<<1, kThreads>>>(d);
  cudaDeviceSynchronize();
  pid_t self = getpid();
  if (fork() == 0) {
    sleep(3);
    kill(self, SIGKILL);
    _exit(0);
  }
  printf("%s: spinning\n", NAME);
  fflush(stdout);
  spinKernel<<<1, kThreads>>>(d, flag);
  cudaDeviceSynchronize(); // never returns: the child kills us first
  return 0;
}
