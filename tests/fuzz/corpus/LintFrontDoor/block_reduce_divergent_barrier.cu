// A block sum whose tail block hangs (or reads garbage): the barriers sit
// inside `if (tid < n)`, so in the last block the threads past the end never
// reach them.
//
// warpcheck lint: barrier-divergent at both __syncthreads() (lines 19 and 22),
// each with a note on the thread-dependent condition `i < n` (line 17).
#include <cstdio>
#include <cuda_runtime.h>

constexpr int kBlock = 256;

__global__ void block_sum(const float *in, float *out, int n) {
  __shared__ float partial[kBlock];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * kBlock + tid;

  if (i < n) { // BUG: the barriers below must be reached by every thread
    partial[tid] = in[i];
    __syncthreads();
    for (unsigned stride = kBlock / 2; stride > 0; stride /= 2) {
      if (tid < stride && i + stride < n) partial[tid] += partial[tid + stride];
      __syncthreads();
    }
    if (tid == 0) atomicAdd(out, partial[0]);
  }
}

int main() {
  const int n = 1000; // not a multiple of kBlock: the last block is partial
  float *in, *out;
  cudaMallocManaged(&in, n * sizeof(float));
  cudaMallocManaged(&out, sizeof(float));
  for (int i = 0; i < n; ++i) in[i] = 1.0f;
  *out = 0.0f;
  block_sum<<<(n + kBlock - 1) / kBlock, kBlock>>>(in, out, n);
  cudaDeviceSynchronize();
  std::printf("sum = %g (expected %d)\n", *out, n);
  cudaFree(in);
  cudaFree(out);
}
