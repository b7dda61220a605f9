// Block-wide exclusive scan of per-element counts (output offsets for a
// gather), built from a warp-level Kogge-Stone scan helper. The helper is
// called only by the threads that hold an element, so the tile's shfl_up
// in the last, partial warp waits for lanes that skipped the call.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ int warp_inclusive_scan(cg::thread_block_tile<32> warp, int v) {
  for (int d = 1; d < 32; d <<= 1) {
    int u = warp.shfl_up(v, d);
    if (warp.thread_rank() >= d) v += u;
  }
  return v;
}

__global__ void counts_to_offsets(const int* __restrict__ counts, int* __restrict__ offsets,
                                  int* __restrict__ block_totals, int n) {
  __shared__ int warp_sums[32];
  auto block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int c = i < n ? counts[i] : 0;
  int s = 0;
  if (i < n) s = warp_inclusive_scan(warp, c);  // expect: cg-collective-divergent
  if (warp.thread_rank() == 31) warp_sums[warp.meta_group_rank()] = s;
  block.sync();
  if (warp.meta_group_rank() == 0) {
    int w = warp.thread_rank() < warp.meta_group_size() ? warp_sums[warp.thread_rank()] : 0;
    warp_sums[warp.thread_rank()] = warp_inclusive_scan(warp, w);
  }
  block.sync();
  int before = warp.meta_group_rank() > 0 ? warp_sums[warp.meta_group_rank() - 1] : 0;
  if (i < n) offsets[i] = before + s - c;
  if (threadIdx.x == blockDim.x - 1) block_totals[blockIdx.x] = warp_sums[warp.meta_group_size() - 1];
}
