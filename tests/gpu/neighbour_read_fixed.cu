// neighbour_read_fixed: the fixed twin of neighbour_read_bug.cu.
//
// Every thread of a 256-thread block stores s[tid], waits at __syncthreads(),
// then reads its neighbour's slot s[(tid+1) % 256]: the barrier orders every
// store before every load, so there is no race.
//
// EXPECT-NONE
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kThreads = 256;
constexpr int kBlocks = 4;

__global__ void shift_left(const int* in, int* out) {
  __shared__ int s[kThreads];
  int tid = threadIdx.x;
  int gid = blockIdx.x * kThreads + tid;
  s[tid] = in[gid] * 3;                        // @write
  __syncthreads();
  int right = s[(tid + 1) % kThreads];         // @read
  out[gid] = right + 1;
}

int main() {
  const int n = kThreads * kBlocks;
  int h_in[n], h_out[n];
  for (int i = 0; i < n; ++i) h_in[i] = (i * 37) % 1000;
  int *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  CHECK(cudaMemcpy(d_in, h_in, n * sizeof(int), cudaMemcpyHostToDevice));
  shift_left<<<kBlocks, kThreads>>>(d_in, d_out);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(h_out, d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
  int wrong = 0;
  long long sum = 0;
  for (int i = 0; i < n; ++i) {
    int b = i / kThreads, t = i % kThreads;
    int want = h_in[b * kThreads + (t + 1) % kThreads] * 3 + 1;
    if (h_out[i] != want) ++wrong;
    sum += h_out[i];
  }
  printf("neighbour_read_fixed: %d blocks of %d threads ran\n", kBlocks, kThreads);
  printf("neighbour_read_fixed: checksum %lld, %d of %d results wrong\n", sum, wrong, n);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return 0;
}
