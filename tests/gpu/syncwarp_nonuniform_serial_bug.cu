// syncwarp_nonuniform_serial_bug: per-lane masks that serialise the warp.
//
// Each lane synchronises "with the lanes after it": __syncwarp(0xffffffff <<
// lane), twice per step of a loop. Lane 31 names only itself and runs the
// whole loop alone, then lane 30, and so on: every call is made by each lane
// in a group of its own, long after the lanes it names have moved on (or
// exited). CUDA requires every lane named in a mask to execute the
// corresponding __syncwarp() with the same mask; here every lane after the
// first names lanes that passed each call with another mask, at both
// program points, not only at the first call the warp reached.
// The lanes touch only their own data, so the mask error is the only bug.
// The fixed twin is syncwarp_nonuniform_serial_fixed.cu.
//
// EXPECT: warp-mask-nonuniform first
// EXPECT: warp-mask-nonuniform second
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kThreads = 64;   // two warps per block
constexpr int kBlocks = 2;
constexpr int kSteps = 4;

#define NAME "syncwarp_nonuniform_serial_bug"

__host__ __device__ int expected(int x) {
  int v = x;
  for (int s = 0; s < kSteps; ++s) v = v * 3 + s;
  return v;
}

__global__ void kernel(const int* in, int* out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32;
  unsigned at_or_after = 0xffffffffu << lane;
  out[gid] = in[gid];
  for (int s = 0; s < kSteps; ++s) {
    __syncwarp(at_or_after);                   // @first
    int v = out[gid] * 3;                      // each lane's own element
    __syncwarp(at_or_after);                   // @second
    out[gid] = v + s;
  }
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
    if (h_out[i] != expected(h_in[i])) ++wrong;
    sum += h_out[i];
  }
  printf("%s: checksum %lld, %d of %d results wrong\n", NAME, sum, wrong, n);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return 0;
}
