// grid_stride_offbyone_bug: an off-by-one index in a grid-stride loop.
//
// Each element i of the input produces two outputs, out[2i] and out[2i+1];
// the loop writes the second one to out[2i+2] instead, which is the first
// output of element i+1: another thread's (of the same warp, of another
// warp, and at the end of each block's slice of the grid, of another
// block). The fixed twin is grid_stride_offbyone_fixed.cu.
//
// EXPECT: race-global first second
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kN = 1 << 14;

__global__ void split(const float* in, float* out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    out[2 * i] = in[i] * 0.5f;      // @first
    out[2 * i + 2] = in[i] * 1.5f;  // @second
  }
}

int main() {
  float *in, *out;
  CHECK(cudaMallocManaged(&in, kN * sizeof(float)));
  CHECK(cudaMalloc(&out, (2 * kN + 2) * sizeof(float)));
  for (int i = 0; i < kN; ++i) in[i] = (float)(i % 100);
  split<<<16, 256>>>(in, out, kN);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  printf("grid_stride_offbyone: done\n");
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
  return 0;
}
