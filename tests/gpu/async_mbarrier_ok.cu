// async_mbarrier_ok: asynchronous copies completed through a cuda::barrier,
// read by other threads after the barrier's wait -- correct, and no
// __syncthreads() is needed between the copies and the reads.
//
// The block copies a tile with the collective cuda::memcpy_async(block, ...,
// barrier) and with per-thread 4-byte copies bound to the same barrier, then
// every thread waits (arrive_and_wait) and reads elements other threads
// copied.
//
// EXPECT-NONE
#include <cooperative_groups.h>
#include <cstdio>
#include <cuda/barrier>
#include <cuda_runtime.h>

#include "cuda_check.h"

// cuda::barrier has a constructor; in __shared__ memory it is set up by init().
#pragma nv_diag_suppress static_var_with_dynamic_init

namespace cg = cooperative_groups;
constexpr int kThreads = 128;

__global__ void rotate(const int* in, int* out) {
  __shared__ int tile[kThreads];
  __shared__ int extra[kThreads];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0) init(&bar, block.size());
  block.sync();
  int base = blockIdx.x * kThreads, tid = threadIdx.x;
  cuda::memcpy_async(block, tile, in + base, sizeof(int) * kThreads, bar);
  cuda::memcpy_async(&extra[tid], &in[base + (tid + 5) % kThreads], sizeof(int), bar);
  bar.arrive_and_wait();
  out[base + tid] = tile[(tid + 1) % kThreads] + extra[(tid + 7) % kThreads];
}

int main() {
  const int n = kThreads * 3;
  int h[n];
  for (int i = 0; i < n; ++i) h[i] = i;
  int *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  CHECK(cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice));
  rotate<<<n / kThreads, kThreads>>>(d_in, d_out);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(h, d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int i = 0; i < n; ++i) {
    int b = i / kThreads * kThreads, t = i % kThreads;
    wrong += h[i] != (b + (t + 1) % kThreads) + (b + ((t + 7) % kThreads + 5) % kThreads);
  }
  printf("async_mbarrier_ok: %d wrong\n", wrong);
  return wrong != 0;
}
