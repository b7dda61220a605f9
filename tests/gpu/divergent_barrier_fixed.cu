// divergent_barrier_fixed: the fixed twin of divergent_barrier_bug.cu.
//
// The same work, but the block meets at one __syncthreads() outside the
// branch: every thread reaches the same barrier instruction.
//
// EXPECT-NONE
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kThreads = 128;
constexpr int kBlocks = 2;

__global__ void split(const int* in, int* out) {
  __shared__ int lo[kThreads];
  __shared__ short hi[kThreads];
  int t = threadIdx.x;
  int gid = blockIdx.x * kThreads + t;
  if (t < 64)
    lo[t] = in[gid] * 2;
  else
    hi[t] = (short)(in[gid] - 7);
  __syncthreads();                             // @bar
  int v = t < 64 ? lo[t] + 1 : hi[t] * 3;
  out[gid] = v;
}

int main() {
  const int n = kThreads * kBlocks;
  int h_in[n], h_out[n];
  for (int i = 0; i < n; ++i) h_in[i] = (i * 29) % 500;
  int *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  CHECK(cudaMemcpy(d_in, h_in, n * sizeof(int), cudaMemcpyHostToDevice));
  split<<<kBlocks, kThreads>>>(d_in, d_out);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(h_out, d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
  int wrong = 0;
  long long sum = 0;
  for (int i = 0; i < n; ++i) {
    int t = i % kThreads;
    int want = t < 64 ? h_in[i] * 2 + 1 : (h_in[i] - 7) * 3;
    if (h_out[i] != want) ++wrong;
    sum += h_out[i];
  }
  printf("divergent_barrier_fixed: checksum %lld, %d of %d results wrong\n", sum, wrong, n);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return 0;
}
