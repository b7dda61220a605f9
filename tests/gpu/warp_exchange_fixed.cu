// warp_exchange_fixed: the fixed twin of warp_exchange_bug.cu.
//
// Blocks of one warp; each lane stores s[lane], the warp meets at
// __syncwarp() (which also orders shared memory among its lanes), then each
// lane reads its partner's slot s[lane ^ 1]. No race.
//
// EXPECT-NONE
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
  __syncwarp();
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
  long long sum = 0;
  for (int i = 0; i < n; ++i) {
    if (h_out[i] != h_in[i ^ 1] + 100) ++wrong;
    sum += h_out[i];
  }
  printf("warp_exchange_fixed: %d blocks of one warp ran\n", kBlocks);
  printf("warp_exchange_fixed: checksum %lld, %d of %d results wrong\n", sum, wrong, n);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return 0;
}
