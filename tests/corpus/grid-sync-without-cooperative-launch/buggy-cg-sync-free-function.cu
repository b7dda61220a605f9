// Grid-wide stream compaction in two phases inside one kernel: count the
// kept elements per block, synchronise the grid with the free function
// cg::sync(grid), scan the block counts (block 0), sync again, scatter.
// Launched with <<<>>> from the host wrapper.
#include <cooperative_groups.h>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

__global__ void compactPositive(const float *in, float *out, int *blockCount, int *blockOffset, int *total, int n) {
  cg::grid_group grid = cg::this_grid();
  __shared__ int cnt;
  if (threadIdx.x == 0) cnt = 0;
  __syncthreads();
  const int per = (n + gridDim.x - 1) / gridDim.x, begin = blockIdx.x * per, end = min(n, begin + per);
  for (int i = begin + threadIdx.x; i < end; i += blockDim.x)
    if (in[i] > 0.f) atomicAdd(&cnt, 1);
  __syncthreads();
  if (threadIdx.x == 0) blockCount[blockIdx.x] = cnt;
  cg::sync(grid);
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    int run = 0;
    for (unsigned b = 0; b < gridDim.x; ++b) {
      blockOffset[b] = run;
      run += blockCount[b];
    }
    *total = run;
  }
  cg::sync(grid);
  if (threadIdx.x == 0) {
    int o = blockOffset[blockIdx.x];
    for (int i = begin; i < end; ++i)
      if (in[i] > 0.f) out[o++] = in[i];
  }
}

int compact(const float *in, float *out, int *scratch, int n) {
  int *total = scratch, *counts = scratch + 1, *offsets = scratch + 1 + 132;
  compactPositive<<<132, 256>>>(in, out, counts, offsets, total, n); // expect: grid-sync-without-cooperative-launch
  int h = 0;
  cudaMemcpy(&h, total, sizeof(int), cudaMemcpyDeviceToHost);
  return h;
}
