// neighbour_read_bug: a read-after-write race on shared memory between warps.
//
// Every thread of a 256-thread block stores s[tid], then at once reads its
// neighbour's slot s[(tid+1) % 256] with no __syncthreads() between. The
// neighbour of the last thread of each warp lives in the next warp, which may
// not have stored yet: a RAW hazard across warps (the compiler may also hoist
// the load above the store, which makes it a WAR hazard on the same lines).
// The fixed twin is neighbour_read_fixed.cu.
//
// stdout is the same whatever the race does; the check of the results goes
// to stderr.
//
// EXPECT: race-shared write read
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
  for (int i = 0; i < n; ++i) {
    int b = i / kThreads, t = i % kThreads;
    int want = h_in[b * kThreads + (t + 1) % kThreads] * 3 + 1;
    if (h_out[i] != want) ++wrong;
  }
  printf("neighbour_read_bug: %d blocks of %d threads ran\n", kBlocks, kThreads);
  fprintf(stderr, "neighbour_read_bug: %d of %d results wrong (the race decides)\n", wrong, n);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return 0;
}
