// syncwarp_nonuniform_serial_fixed: the twin of syncwarp_nonuniform_serial_bug.
//
// Every lane takes part in every step, so every lane passes the full mask:
// the lanes meet at each call together and nothing is reported.
//
// EXPECT-NONE
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kThreads = 64;   // two warps per block
constexpr int kBlocks = 2;
constexpr int kSteps = 4;

#define NAME "syncwarp_nonuniform_serial_fixed"

__host__ __device__ int expected(int x) {
  int v = x;
  for (int s = 0; s < kSteps; ++s) v = v * 3 + s;
  return v;
}

__global__ void kernel(const int* in, int* out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned all_lanes = 0xffffffffu; // every lane takes part in every step
  out[gid] = in[gid];
  for (int s = 0; s < kSteps; ++s) {
    __syncwarp(all_lanes);                   // @first
    int v = out[gid] * 3;                      // each lane's own element
    __syncwarp(all_lanes);                   // @second
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
