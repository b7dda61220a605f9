// warp_global_fixed: the pairs of warp_global_bug.cu, each stored once:
// the odd lane hands its value to the even one with a shuffle.
//
// EXPECT-NONE
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

__global__ void pair_results(const int* in, int* out) {
  int lane = threadIdx.x;
  int v = in[lane] * 2;
  int other = __shfl_down_sync(0xffffffffu, v, 1);
  if (lane % 2 == 0) out[lane / 2] = v + other;
}

int main() {
  int *in, *out;
  CHECK(cudaMallocManaged(&in, 32 * sizeof(int)));
  CHECK(cudaMallocManaged(&out, 16 * sizeof(int)));
  for (int i = 0; i < 32; ++i) in[i] = i;
  pair_results<<<1, 32>>>(in, out);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  printf("out[0] = %d, out[15] = %d\n", out[0], out[15]);
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
  return 0;
}
