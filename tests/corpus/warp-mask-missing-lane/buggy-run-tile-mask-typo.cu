// corpus-run:
// Segmented sums over fixed segments of W = 8 elements (one segment per
// 8-lane group of a warp), written with a small template that builds the
// mask of the caller's group; the group's first lane adds up the group's
// values from shared memory once the group has synchronised.
//
// Bug: group_mask<W>() shifts the group's bits by (lane & (W - 1)), the
// lane's position inside its group, instead of by (lane & ~(W - 1)), the
// group's first lane. Lane 8 gets 0x000000ff, lane 9 0x000001fe, ...: most
// lanes call __syncwarp() with their own bit missing from the mask, and
// lanes of one group pass different, overlapping masks.
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

template <int W>
__device__ __forceinline__ unsigned group_mask(int lane) {
  return ((1u << W) - 1u) << (lane & (W - 1));
}

template <int W>
__global__ void segment_sums(const int* x, int* sums) {
  __shared__ int s[64];
  const int t = threadIdx.x, lane = t & 31, k = lane & (W - 1);
  const unsigned mask = group_mask<W>(lane);
  s[t] = x[blockIdx.x * 64 + t];
  // expect-run-next-line: warp-mask-missing-lane, warp-mask-nonuniform
  __syncwarp(mask);  // expect: warp-mask-missing-lane, warp-mask-nonuniform
  if (k == 0) {
    int sum = 0;
#pragma unroll
    for (int j = 0; j < W; ++j) sum += s[t + j];
    sums[(blockIdx.x * 64 + t) / W] = sum;
  }
}

int main() {
  const int blocks = 2, n = blocks * 64, W = 8;
  int *x, *sums;
  CUDA_CHECK(cudaMallocManaged(&x, n * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&sums, n / W * sizeof(int)));
  for (int i = 0; i < n; ++i) x[i] = (i * 5) % 9;
  segment_sums<W><<<blocks, 64>>>(x, sums);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  long long sum = 0;
  for (int g = 0; g < n / W; ++g) sum += sums[g] * (g + 1);
  printf("segment_sums: checksum %lld\n", sum);
  CUDA_CHECK(cudaFree(x));
  CUDA_CHECK(cudaFree(sums));
  return 0;
}
