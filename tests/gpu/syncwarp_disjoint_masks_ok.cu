// syncwarp_disjoint_masks_ok: the two half-warps of each warp meet at one
// __syncwarp() instruction with different but disjoint masks.
//
// All 32 lanes reach the call together; lanes 0..15 pass 0x0000ffff and
// lanes 16..31 pass 0xffff0000 (a select, not a branch: one instruction).
// Every lane a mask names passes that same mask, which is all the Warp __sync
// Intrinsic Constraints ask: tile<16>.sync() of cooperative groups compiles
// to exactly this. Each half-warp exchanges values through shared memory
// across the call, so the synchronisation is also what orders those accesses.
//
// EXPECT-NONE
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kThreads = 64;   // two warps per block
constexpr int kBlocks = 2;

#define NAME "syncwarp_disjoint_masks_ok"

__host__ __device__ int expected(const int* in, int gid) {
  int mirror = (gid & ~15) | (15 - (gid & 15));  // same half-warp, reversed
  return in[gid] + 3 * in[mirror];
}

__global__ void kernel(const int* in, int* out) {
  __shared__ int s[kThreads];
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int t = threadIdx.x, lane = t % 32;
  s[t] = 3 * in[gid];
  unsigned mask = lane < 16 ? 0x0000ffffu : 0xffff0000u;
  __syncwarp(mask);
  out[gid] = in[gid] + s[(t & ~15) | (15 - (t & 15))];
}

int main() {
  const int n = kThreads * kBlocks;
  int h_in[n], h_out[n];
  for (int i = 0; i < n; ++i) h_in[i] = (i * 13) % 89;
  for (int i = 0; i < n; ++i) h_out[i] = -1;
  int *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  CHECK(cudaMemcpy(d_in, h_in, n * sizeof(int), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_out, h_out, n * sizeof(int), cudaMemcpyHostToDevice));
  kernel<<<kBlocks, kThreads>>>(d_in, d_out);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(h_out, d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
  int wrong = 0;
  long long sum = 0;
  for (int i = 0; i < n; ++i) {
    if (h_out[i] != expected(h_in, i)) ++wrong;
    sum += h_out[i];
  }
  printf("%s: checksum %lld, %d of %d results wrong\n", NAME, sum, wrong, n);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return 0;
}
