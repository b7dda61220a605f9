// A small library of grid-level helpers: `gridBarrier` synchronises the
// grid, `gridRank` only computes the global rank. The scatter kernel uses
// only gridRank and is launched with <<<>>>; the prefix kernel, which
// calls gridBarrier, is launched cooperatively.
#include <cooperative_groups.h>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

__device__ void gridBarrier() { cg::this_grid().sync(); }
__device__ unsigned long long gridRank() { return cg::this_grid().thread_rank(); }
__device__ unsigned long long gridSize() { return cg::this_grid().size(); }

__global__ void scatterByIndex(const float *src, const int *idx, float *dst, int n) {
  for (unsigned long long i = gridRank(); i < (unsigned long long)n; i += gridSize()) dst[idx[i]] = src[i];
}

__global__ void blockPrefix(const int *counts, int *offsets, int nblocks) {
  if (gridRank() == 0) {
    int run = 0;
    for (int b = 0; b < nblocks; ++b) {
      offsets[b] = run;
      run += counts[b];
    }
  }
  gridBarrier();
}

void permute(const float *src, const int *idx, float *dst, int n, const int *counts, int *offsets, int nblocks,
             cudaStream_t s) {
  scatterByIndex<<<(n + 255) / 256, 256, 0, s>>>(src, idx, dst, n);
  void *args[] = {&counts, &offsets, &nblocks};
  cudaLaunchCooperativeKernel((void *)blockPrefix, dim3(32), dim3(128), args, 0, s);
}
