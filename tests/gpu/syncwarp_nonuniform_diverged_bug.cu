// syncwarp_nonuniform_diverged_bug: lanes of one warp reach the same
// __syncwarp() in two groups, from two branches, with different masks.
//
// Lanes 0..15 and lanes 16..31 take different sides of a branch, and each
// side calls the same helper, whose one __syncwarp() both groups execute
// (separately: the warp is diverged). Lanes 0..15 pass 0xffffffff, lanes
// 16..31 pass 0xffff0000: every lane is in its own mask, and every lane a
// mask names does call the __syncwarp(), but with another mask, which CUDA
// makes undefined (every lane named in a mask must execute a __syncwarp()
// with the same mask). Unlike syncwarp_nonuniform_bug.cu, the lanes never
// meet there converged: the masks can only be compared across the groups.
// The fixed twin is syncwarp_nonuniform_diverged_fixed.cu.
//
// EXPECT: warp-mask-nonuniform sync
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kThreads = 64;   // two warps per block
constexpr int kBlocks = 2;

#define NAME "syncwarp_nonuniform_diverged_bug"

__host__ __device__ int expected(int x, int lane) { return lane < 16 ? x * 7 - lane : x * 5 + lane; }

// Not inlined: both branches run this one __syncwarp() instruction.
__device__ __noinline__ void meet(unsigned mask) {
  __syncwarp(mask);                            // @sync
}

__global__ void kernel(const int* in, int* out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32;
  // Different work before and after the call on each side, so that the
  // compiler cannot merge the two calls into one converged call.
  if (lane < 16) {
    int v = in[gid] * 7;
    meet(0xffffffffu);
    out[gid] = v - lane;
  } else {
    int v = in[gid] * 5;
    meet(0xffff0000u);
    out[gid] = v + lane;
  }
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
