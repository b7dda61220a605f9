// warp_exchange_bug: an intra-warp exchange through shared memory without
// __syncwarp().
//
// Blocks of exactly one warp (32 threads). Each lane stores s[lane], then
// reads its partner's slot s[lane ^ 1]. Since Volta (sm_70) the lanes of a
// warp are scheduled independently and are not guaranteed to run in
// lockstep, so the partner's store is not ordered before the load without
// __syncwarp(): a race inside one warp (no other warp exists).
// The fixed twin is warp_exchange_fixed.cu.
//
// stdout is the same whatever the race does; the check of the results goes
// to stderr.
//
// EXPECT: race-shared write read
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kWarp = 32;
constexpr int kBlocks = 2;

__global__ void swap_pairs(const int* in, int* out) {
  __shared__ int s[kWarp];
  int lane = threadIdx.x;
  int gid = blockIdx.x * kWarp + lane;
  s[lane] = in[gid] + 100;                     // @write
  int partner = s[lane ^ 1];                   // @read
  out[gid] = partner;
}

int main() {
  const int n = kWarp * kBlocks;
  int h_in[n], h_out[n];
  for (int i = 0; i < n; ++i) h_in[i] = i * i;
  int *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  CHECK(cudaMemcpy(d_in, h_in, n * sizeof(int), cudaMemcpyHostToDevice));
  swap_pairs<<<kBlocks, kWarp>>>(d_in, d_out);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(h_out, d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    if (h_out[i] != h_in[i ^ 1] + 100) ++wrong;
  printf("warp_exchange_bug: %d blocks of one warp ran\n", kBlocks);
  fprintf(stderr, "warp_exchange_bug: %d of %d results wrong (the race decides)\n", wrong, n);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return 0;
}
