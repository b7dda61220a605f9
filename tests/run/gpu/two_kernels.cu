// Two kernels, one racy: what `warpcheck run`'s kernel filters, --log-file
// and --target-processes are checked against (check_run_options.py).
// Prints its own pid, so the test can tell which file %p named.
#include <cstdio>
#include <unistd.h>

// Every block writes out[0]: a write-write race between blocks.
__global__ void racy_write(int *out) {
  if (threadIdx.x == 0) out[0] = blockIdx.x;
}

__global__ void clean_copy(const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i];
}

int main() {
  const int n = 1024;
  int *a = nullptr, *b = nullptr;
  if (cudaMalloc(&a, n * sizeof(int)) != cudaSuccess || cudaMalloc(&b, n * sizeof(int)) != cudaSuccess) return 1;
  cudaMemset(a, 0, n * sizeof(int));
  racy_write<<<4, 32>>>(b);
  clean_copy<<<n / 128, 128>>>(a, b, n);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  std::printf("pid %d\n", (int)getpid());
  cudaFree(a);
  cudaFree(b);
  return 0;
}
