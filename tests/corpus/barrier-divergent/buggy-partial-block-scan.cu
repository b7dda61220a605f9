// corpus-run:
// A block-wide inclusive scan (Hillis-Steele) written so that only the
// threads holding an element take part: the __syncthreads() of the scan
// loop sits inside `if (i < n)`, and the last block, which is partial,
// splits at it.
#include <cstdio>
#include <cuda_runtime.h>

constexpr int kThreads = 256;

__global__ void scan(const int* in, int* out, int n) {
  __shared__ int buf[kThreads];
  int i = blockIdx.x * kThreads + threadIdx.x;
  if (i < n) {
    buf[threadIdx.x] = in[i];
    for (int step = 1; step < kThreads; step *= 2) {
      __syncthreads();  // expect: barrier-divergent
      int add = threadIdx.x >= step ? buf[threadIdx.x - step] : 0;
      __syncthreads();  // expect: barrier-divergent
      buf[threadIdx.x] += add;
    }
    out[i] = buf[threadIdx.x];
  }
}

int main() {
  const int n = 1000;
  int *in, *out;
  cudaMalloc(&in, n * sizeof(int));
  cudaMalloc(&out, n * sizeof(int));
  cudaMemset(in, 0, n * sizeof(int));
  scan<<<(n + kThreads - 1) / kThreads, kThreads>>>(in, out, n);
  cudaError_t err = cudaDeviceSynchronize();
  printf("scan: %s\n", cudaGetErrorString(err));
  cudaFree(in);
  cudaFree(out);
  return 0;
}
