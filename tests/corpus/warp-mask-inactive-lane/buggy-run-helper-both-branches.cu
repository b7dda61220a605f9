// corpus-run:
// Threshold partition of a tile: each warp writes its 32 values into a
// shared scratch row, hits (x >= threshold) scaled and misses clamped to 0,
// then every lane reads its mirror slot. The store and the warp barrier live
// in a small helper, stage_value(), called from both branches.
//
// Bug: the branch is data-dependent, so one warp splits, and each half calls
// the helper's __syncwarp() from a different inlined copy: two program
// points, each with a full mask naming the lanes that are in the other copy.
// Lanes named in a __syncwarp() mask must all execute that same call; hoist
// the barrier out of the helper, after the if/else. (lint reports each
// call of the helper: the lanes that reach the __syncwarp() inside are the
// lanes that reach that call.)
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                            \
  do {                                                                              \
    cudaError_t err_ = (call);                                                      \
    if (err_ != cudaSuccess) {                                                      \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_)); \
      exit(1);                                                                      \
    }                                                                               \
  } while (0)

constexpr int kThreads = 64;

__device__ void stage_value(int* row, int lane, int v) {
  row[lane] = v;
  // expect-run-next-line: warp-mask-inactive-lane
  __syncwarp();
}

__global__ void partition_tile(const int* x, int* out, int threshold) {
  __shared__ int scratch[kThreads / 32][32];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const int i = blockIdx.x * kThreads + threadIdx.x;
  const int v = x[i];
  if (v >= threshold)
    stage_value(scratch[warp], lane, v * 2);  // expect: warp-mask-inactive-lane
  else
    stage_value(scratch[warp], lane, 0);  // expect: warp-mask-inactive-lane
  out[i] = scratch[warp][31 - lane];
}

int main() {
  const int blocks = 2, n = blocks * kThreads;
  int *x, *out;
  CUDA_CHECK(cudaMallocManaged(&x, n * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&out, n * sizeof(int)));
  for (int i = 0; i < n; ++i) x[i] = (i * 29) % 50;
  partition_tile<<<blocks, kThreads>>>(x, out, 25);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  long long sum = 0;
  for (int i = 0; i < n; ++i) sum += out[i] * (i % 7 + 1);
  printf("partition_tile: checksum %lld\n", sum);
  CUDA_CHECK(cudaFree(x));
  CUDA_CHECK(cudaFree(out));
  return 0;
}
