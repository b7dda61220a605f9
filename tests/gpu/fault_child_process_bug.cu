// fault_child_process_bug: the program starts a copy of itself as a child
// process (fork + exec, as a launcher script, make or Python's subprocess
// would) and waits for it. The child races in one kernel; the parent races
// in another after the child has ended, and also forks a child that never
// execs and exits through exit() (its copy of warpcheck's state must not
// overwrite the parent's).
//
// Every process of the program is checked: both races are reported, with
// the child's process named in the report's messages.
//
// EXPECT: race-shared child_write child_read
// EXPECT: race-shared parent_write parent_read
// EXPECT-MESSAGE: child process
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>
#include <sys/wait.h>
#include <unistd.h>

#define NAME "fault_child_process_bug"

constexpr int kThreads = 128;

__global__ void childKernel(int* data) {
  __shared__ int s[kThreads];
  int tid = threadIdx.x;
  s[tid] = data[tid];                          // @child_write
  data[tid] = s[(tid + 32) % kThreads];        // @child_read
}

__global__ void parentKernel(int* data) {
  __shared__ int s[kThreads];
  int tid = threadIdx.x;
  s[tid] = data[tid] + 1;                      // @parent_write
  data[tid] = s[(tid + 64) % kThreads];        // @parent_read
}

int launch(bool child) {
  int* d;
  if (cudaMalloc(&d, kThreads * sizeof(int)) != cudaSuccess) return 1;
  cudaMemset(d, 0, kThreads * sizeof(int));
  if (child) childKernel<<<1, kThreads>>>(d);
  else parentKernel<<<1, kThreads>>>(d);
  cudaError_t e = cudaDeviceSynchronize();
  cudaFree(d);
  return e == cudaSuccess ? 0 : 1;
}

int main(int argc, char** argv) {
  if (argc > 1 && std::strcmp(argv[1], "child") == 0) return launch(true);
  cudaFree(0); // the parent's context exists before it forks
  pid_t pid = fork();
  if (pid == 0) {
    execl("/proc/self/exe", argv[0], "child", (char*)nullptr);
    _exit(127);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  int child = WIFEXITED(status) ? WEXITSTATUS(status) : 1;
  int parent = launch(false);
  // A child that never execs: it has the parent's state and leaves through
  // exit(), after the parent's last launch.
  pid_t plain = fork();
  if (plain == 0) {
    usleep(200 * 1000);
    std::exit(0);
  }
  waitpid(plain, &status, 0);
  printf("%s: child %s, parent %s\n", NAME, child ? "failed" : "ok", parent ? "failed" : "ok");
  return child || parent;
}
