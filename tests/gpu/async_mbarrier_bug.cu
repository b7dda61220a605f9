// async_mbarrier_bug: per-thread asynchronous copies bound to a cuda::barrier,
// read before anyone waits on the barrier.
//
// Each thread copies one element with cuda::memcpy_async(dst, src, 4, bar)
// (cp.async plus cp.async.mbarrier.arrive) and reads it right away; the
// copy completes only with the barrier's phase, so the value may not be
// there yet. The wait comes too late.
//
// EXPECT: race-shared copy read
#include <cooperative_groups.h>
#include <cstdio>
#include <cuda/barrier>
#include <cuda_runtime.h>

#include "cuda_check.h"

// cuda::barrier has a constructor; in __shared__ memory it is set up by init().
#pragma nv_diag_suppress static_var_with_dynamic_init

namespace cg = cooperative_groups;
constexpr int kThreads = 128;

__global__ void scale(const int* in, int* out) {
  __shared__ int vals[kThreads];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0) init(&bar, block.size());
  block.sync();
  int i = blockIdx.x * kThreads + threadIdx.x;
  cuda::memcpy_async(&vals[threadIdx.x], &in[i], sizeof(int), bar);  // @copy
  int early = vals[threadIdx.x];  // @read
  bar.arrive_and_wait();
  out[i] = early + vals[threadIdx.x];
}

int main() {
  const int n = kThreads * 2;
  int h[n];
  for (int i = 0; i < n; ++i) h[i] = i;
  int *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  CHECK(cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice));
  scale<<<n / kThreads, kThreads>>>(d_in, d_out);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  printf("async_mbarrier_bug: %d blocks ran\n", n / kThreads);
  return 0;
}
