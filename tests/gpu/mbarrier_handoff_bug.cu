// mbarrier_handoff_bug: mbarrier_handoff_fixed.cu with the producers
// writing after they arrive: an arrival releases only what its thread did
// before it, so the consumers, released by the completed phase, read the
// tile while it is written (race-shared between the write and the read).
// The producers wait a little after arriving, so the reads come first.
//
// EXPECT: race-shared produce consume
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
    cuda::barrier<cuda::thread_scope_block>::arrival_token token = bar.arrive();
    (void)token;
    // Late enough that the consumers, released by the completed phase,
    // read first: the shadow then holds their reads when the write comes
    // (a read and a write checked at the same moment may both be missed).
    for (long long start = clock64(); clock64() - start < 2000000;) {
    }
    tile[threadIdx.x] = in[blockIdx.x * kHalf + threadIdx.x] * 2;  // @produce
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
  printf("mbarrier_handoff_bug: done\n");
  fprintf(stderr, "%d wrong\n", wrong);
  return 0;
}
