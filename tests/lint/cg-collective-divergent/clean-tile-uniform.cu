// RUN: %check_warpcheck %s cg-collective-divergent
// Conditions that are the same for every thread of each tile: no finding.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

// Warp-specialised code: the branch is on the tile's index or the warp id.
__global__ void specialised(const float *x, float *out, int producers) {
  auto block = cg::this_thread_block();
  auto tile = cg::tiled_partition<32>(block);
  int warp_id = threadIdx.x / 32;
  float v = x[blockIdx.x * blockDim.x + threadIdx.x];
  if (tile.meta_group_rank() == 0) v = cg::reduce(tile, v, cg::plus<float>());
  if (warp_id < producers) tile.sync();
  if (threadIdx.x / 32 == 3) v = tile.shfl_down(v, 1);
  if (threadIdx.x < 64) v += tile.shfl_xor(v, 1);
  if (threadIdx.y == 1) tile.sync();
  out[threadIdx.x] = v;
}

// Values every member of the tile agrees on.
__global__ void agreed(const int *x, int *out) {
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  int v = x[threadIdx.x];
  int first = tile.shfl(v, 0);
  if (first > 0) v = tile.shfl_up(v, 1);
  if (tile.any(v < 0)) tile.sync();
  int total = cg::reduce(tile, v, cg::plus<int>());
  if (total > 100) v = tile.shfl_xor(v, 16);
  unsigned votes = tile.ballot(v & 1);
  if (__popc(votes) > 3) tile.sync();
  out[threadIdx.x] = v;
}

// A lane condition that splits warps but not 8-thread tiles.
__global__ void octets(const int *x, int *out) {
  auto t8 = cg::tiled_partition<8>(cg::this_thread_block());
  int lane = threadIdx.x % 32;
  int v = x[threadIdx.x];
  if (lane < 16) v = t8.shfl(v, 7);
  if ((lane / 8) % 2 == 0) v = t8.all(v > 0);
  if (t8.meta_group_rank() % 4 == 1) t8.sync();
  out[threadIdx.x] = v;
}

// Loads at an address that is the same across the tile.
__global__ void per_tile_work(const int *work, int *out) {
  auto tile = cg::tiled_partition<16>(cg::this_thread_block());
  int item = blockIdx.x * (blockDim.x / 16) + threadIdx.x / 16;
  if (work[item] > 0) out[threadIdx.x] = tile.ballot(out[threadIdx.x] > 0);
}

// The collective is outside; only the atomic is per lane.
__global__ void count(const int *x, int *total) {
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  int c = cg::reduce(tile, x[threadIdx.x] > 0 ? 1 : 0, cg::plus<int>());
  if (tile.thread_rank() == 0) atomicAdd(total, c);
}

// A dynamically sized tile of a constant size.
__global__ void dynamic_tile(int *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_group t4 = cg::tiled_partition(block, 4);
  if (threadIdx.x % 32 < 8) out[threadIdx.x] = t4.thread_rank();
}
