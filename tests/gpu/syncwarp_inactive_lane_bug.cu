// syncwarp_inactive_lane_bug: a __syncwarp() mask names lanes that do not
// call it.
//
// Lanes 0..15 call __syncwarp(0xffffffff) in one branch; lanes 16..31, named
// in that mask, call another __syncwarp(0xffffffff) in the other branch. The
// guide asks every non-exited lane named in the mask to execute the
// corresponding __syncwarp() (the same program point): undefined behaviour,
// though Volta-and-later hardware happens to release both groups together.
// The fixed twin is syncwarp_inactive_lane_fixed.cu.
//
// nvcc moves both calls of a diverged warp to out-of-line WARPSYNC.COLLECTIVE
// blocks after the kernel's EXIT, and its line table gives both blocks the
// line of the second call: the finding (and its note) can only name @other.
// EXPECT: warp-mask-inactive-lane other
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kThreads = 64;   // two warps per block
constexpr int kBlocks = 2;

#define NAME "syncwarp_inactive_lane_bug"

__host__ __device__ int expected(int x, int lane) { return lane >= 16 ? x * 5 - 1 : x * 3 + 1; }

__global__ void kernel(const int* in, int* out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32;
  int v;
  if (lane < 16) {
    v = in[gid] * 3;
    __syncwarp(0xffffffffu);                   // @sync
    v += 1;
  } else {
    v = in[gid] * 5;
    __syncwarp(0xffffffffu);                   // @other
    v -= 1;
  }
  out[gid] = v;
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
