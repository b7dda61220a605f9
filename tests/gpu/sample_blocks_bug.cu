// sample_blocks_bug: a race between neighbouring blocks, checked with
// `warpcheck run --sample-blocks 8`.
//
// Each of 64 blocks stores its index in data[b], and its thread 0 reads its
// left neighbour's slot data[b - 1] with nothing ordering the two blocks: an
// inter-block race on every pair of neighbours. With --sample-blocks 8 only
// a window of 8 consecutive blocks of the launch is checked (blocks 0-7 in
// the first checked launch); the pairs inside it are enough to report the
// race, and the report must say how many blocks were checked.
//
// stdout is the same whatever the race does; the check of the results goes
// to stderr.
//
// RUN-OPTIONS: --sample-blocks 8
// EXPECT: race-global write read
// EXPECT-MESSAGE: --sample-blocks: 8 of the 64 blocks
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kThreads = 32;
constexpr int kBlocks = 64;

#define NAME "sample_blocks_bug"

__global__ void neighbours(int* data, int* out) {
  int b = blockIdx.x;
  if (threadIdx.x != 0) return;
  data[b] = b;                                 // @write
  out[b] = b > 0 ? data[b - 1] : 0;            // @read
}

int main() {
  int *data, *out;
  CHECK(cudaMalloc(&data, kBlocks * sizeof(int)));
  CHECK(cudaMalloc(&out, kBlocks * sizeof(int)));
  CHECK(cudaMemset(data, 0, kBlocks * sizeof(int)));
  neighbours<<<kBlocks, kThreads>>>(data, out);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  int h[kBlocks];
  CHECK(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  int stale = 0;
  for (int b = 1; b < kBlocks; ++b) stale += h[b] != b - 1;
  printf("%s: %d blocks\n", NAME, kBlocks);
  fprintf(stderr, "%d of %d neighbour reads saw a stale value\n", stale, kBlocks - 1);
  CHECK(cudaFree(data));
  CHECK(cudaFree(out));
  return 0;
}
