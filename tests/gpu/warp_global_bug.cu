// warp_global_bug: an intra-warp race on global memory.
//
// Lanes pair up to store one result per pair, out[lane / 2], both lanes of
// a pair storing: two writes to the same word by lanes of one warp with
// nothing between them. Lanes are not in lockstep on sm_70 and newer, so
// which lane's value remains is undefined. The fixed twin,
// warp_global_fixed.cu, lets the even lane store the pair's sum.
//
// EXPECT: race-global store
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

__global__ void pair_results(const int* in, int* out) {
  int lane = threadIdx.x;
  int v = in[lane] * 2;
  out[lane / 2] = v;  // @store
}

int main() {
  int *in, *out;
  CHECK(cudaMallocManaged(&in, 32 * sizeof(int)));
  CHECK(cudaMallocManaged(&out, 16 * sizeof(int)));
  for (int i = 0; i < 32; ++i) in[i] = i;
  pair_results<<<1, 32>>>(in, out);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  fprintf(stderr, "out[0] = %d\n", out[0]);
  printf("warp_global: done\n");
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
  return 0;
}
