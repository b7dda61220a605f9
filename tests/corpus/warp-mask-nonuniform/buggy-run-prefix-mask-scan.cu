// corpus-run:
// Warp-level inclusive scan of per-lane counts in shared memory (the
// offsets of a stream compaction): in step d, lane l adds the slot of lane
// l - d. The author synchronises each lane "with the lanes it depends on",
// the lanes at or below it: mask 0xffffffff >> (31 - lane).
//
// Bug: lanes of one warp reach the same __syncwarp() together with
// different masks (lane 0 passes 0x1, lane 1 0x3, ..., lane 31 the full
// mask). The masks overlap, and every lane named in a mask must pass that
// same mask. The dependencies are not what a __syncwarp() mask expresses:
// all 32 lanes take part in every step, so the full mask is required.
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

__global__ void compaction_offsets(const int* flags, int* offsets) {
  __shared__ int s[kThreads];
  const int t = threadIdx.x, lane = t & 31;
  const unsigned at_or_below = 0xffffffffu >> (31 - lane);
  s[t] = flags[blockIdx.x * kThreads + t] != 0;
  for (int d = 1; d < 32; d <<= 1) {
    // expect-run-next-line: warp-mask-nonuniform
    __syncwarp(at_or_below);  // expect: warp-mask-nonuniform
    const int add = lane >= d ? s[t - d] : 0;
    // expect-run-next-line: warp-mask-nonuniform
    __syncwarp(at_or_below);  // expect: warp-mask-nonuniform
    s[t] += add;
  }
  offsets[blockIdx.x * kThreads + t] = s[t];
}

int main() {
  const int blocks = 2, n = blocks * kThreads;
  int *flags, *offsets;
  CUDA_CHECK(cudaMallocManaged(&flags, n * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&offsets, n * sizeof(int)));
  for (int i = 0; i < n; ++i) flags[i] = (i * 11) % 3 == 0;
  compaction_offsets<<<blocks, kThreads>>>(flags, offsets);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  long long sum = 0;
  for (int i = 0; i < n; ++i) sum += offsets[i];
  printf("compaction_offsets: checksum %lld\n", sum);
  CUDA_CHECK(cudaFree(flags));
  CUDA_CHECK(cudaFree(offsets));
  return 0;
}
