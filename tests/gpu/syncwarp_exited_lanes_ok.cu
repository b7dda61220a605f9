// syncwarp_exited_lanes_ok: a __syncwarp() mask names lanes that have exited,
// which is allowed.
//
// Lanes 16..31 of every warp return early; lanes 0..15 then call
// __syncwarp(0xffffffff). The guide (§5.4.4.2, §5.4.6.6) asks every
// *non-exited* lane named in the mask to call; exited lanes are ignored, so
// this is correct and must not be reported (warpcheck lint agrees).
//
// EXPECT-NONE
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kThreads = 64;   // two warps per block
constexpr int kBlocks = 2;

#define NAME "syncwarp_exited_lanes_ok"

__host__ __device__ int expected(int x, int lane) { return lane >= 16 ? -1 : x * 3 + 1; }

__global__ void kernel(const int* in, int* out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32;
  if (lane >= 16) return;                      // @exit
  int v = in[gid] * 3;
  __syncwarp(0xffffffffu);                     // @sync
  out[gid] = v + 1;
}

int main() {
  const int n = kThreads * kBlocks;
  int h_in[n], h_out[n];
  for (int i = 0; i < n; ++i) h_in[i] = (i * 11) % 97;
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
    if (h_out[i] != expected(h_in[i], i % 32)) ++wrong;
    sum += h_out[i];
  }
  printf("%s: checksum %lld, %d of %d results wrong\n", NAME, sum, wrong, n);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return 0;
}
