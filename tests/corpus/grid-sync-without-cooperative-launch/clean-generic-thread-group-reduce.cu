// A generic shared-memory reduction written against the type-erased
// cg::thread_group, so one helper serves the block and its tiles. The
// kernel passes a block and a runtime-sized tile; neither is a grid group,
// so the ordinary <<<>>> launch is correct, although thread_group::sync()
// could dispatch to a grid barrier for a grid group.
#include <cooperative_groups.h>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

__device__ float groupSum(const cg::thread_group &g, float *scratch, float v) {
  const unsigned r = g.thread_rank(), size = g.size();
  scratch[r] = v;
  g.sync();
  for (unsigned k = size / 2; k > 0; k >>= 1) {
    if (r < k) scratch[r] += scratch[r + k];
    g.sync();
  }
  const float total = scratch[0];
  g.sync();
  return total;
}

__global__ void rowAndBlockSums(const float *x, float *rowSums, float *blockSums, int rows) {
  __shared__ float blockScratch[256];
  __shared__ float tileScratch[8][32];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_group row = cg::tiled_partition(block, 32);
  const int warp = threadIdx.x / 32, r = blockIdx.x * 8 + warp;
  const float v = r < rows ? x[(size_t)r * 32 + row.thread_rank()] : 0.f;
  const float rs = groupSum(row, tileScratch[warp], v);
  if (row.thread_rank() == 0 && r < rows) rowSums[r] = rs;
  const float bs = groupSum(block, blockScratch, v);
  if (block.thread_rank() == 0) blockSums[blockIdx.x] = bs;
}

void sums(const float *x, float *rowSums, float *blockSums, int rows, cudaStream_t s) {
  rowAndBlockSums<<<(rows + 7) / 8, 256, 0, s>>>(x, rowSums, blockSums, rows);
}
