// mbarrier_handoff_fixed: warp-specialised producer/consumer in shared memory
// handed over through a cuda::barrier (an mbarrier): the producers write
// their part of the tile, then arrive without waiting; the consumers arrive
// and wait, then read it. The phase completes only when every thread has
// arrived, and an arrival releases what its thread did before it: the
// reads are ordered after the writes (issue 19, situation 2). The buggy
// twin, mbarrier_handoff_bug.cu, writes after arriving.
//
// EXPECT-NONE
#include <cstdio>
#include <cuda/barrier>
#include <cuda_runtime.h>

#include "cuda_check.h"

// cuda::barrier has a constructor; in __shared__ memory it is set up by init().
#pragma nv_diag_suppress static_var_with_dynamic_init

constexpr int kHalf = 64, kBlocks = 4;

__global__ void handoff(const int* in, int* out) {
  __shared__ int tile[kHalf];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();
  if (threadIdx.x < kHalf) {
    tile[threadIdx.x] = in[blockIdx.x * kHalf + threadIdx.x] * 2;  // @produce
    cuda::barrier<cuda::thread_scope_block>::arrival_token token = bar.arrive();
    (void)token;
  } else {
    int i = threadIdx.x - kHalf;
    bar.arrive_and_wait();
    out[blockIdx.x * kHalf + i] = tile[(i + 1) % kHalf];  // @consume
  }
}

int main() {
  const int n = kHalf * kBlocks;
  int h[n];
  for (int i = 0; i < n; ++i) h[i] = i;
  int *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  CHECK(cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice));
  handoff<<<kBlocks, 2 * kHalf>>>(d_in, d_out);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(h, d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += h[i] != 2 * (i / kHalf * kHalf + (i % kHalf + 1) % kHalf);
  printf("mbarrier_handoff_fixed: done\n");
  fprintf(stderr, "%d wrong\n", wrong);
  return 0;
}
