// syncwarp_nonuniform_bug: converged lanes meet at one __syncwarp() with
// different masks.
//
// All 32 lanes of every warp reach the same __syncwarp() instruction
// together. Lanes 0..15 pass 0xffffffff, lanes 16..31 pass 0xffff0000. Each
// mask contains its caller (so no lane is missing from its own mask) and
// names only lanes that are there (so no lane is inactive), but CUDA requires
// every lane named in a mask to execute a __syncwarp() with the same mask:
// the masks differ, which is undefined behaviour. The mask is chosen by a
// select, not a branch: one call site, one instruction.
// The fixed twin is syncwarp_nonuniform_fixed.cu.
//
// EXPECT: warp-mask-nonuniform sync
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kThreads = 64;   // two warps per block
constexpr int kBlocks = 2;

#define NAME "syncwarp_nonuniform_bug"

__host__ __device__ int expected(int x, int lane) { return x * 7 - lane; }

__global__ void kernel(const int* in, int* out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32;
  int v = in[gid] * 7;
  unsigned mask = lane < 16 ? 0xffffffffu : 0xffff0000u;
  __syncwarp(mask);                            // @sync
  out[gid] = v - lane;
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
