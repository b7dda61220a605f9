// RUN: %check_warpcheck %s cg-collective-divergent
// Templates over the tile size and helpers taking groups, used correctly.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;

template <typename Group, typename T> __device__ T tile_reduce(const Group &g, T v) {
  for (unsigned o = g.num_threads() / 2; o > 0; o /= 2) v += g.shfl_down(v, o);
  return g.shfl(v, 0);
}

template <unsigned N> __global__ void sums(const float *x, float *out) {
  auto block = cg::this_thread_block();
  auto tile = cg::tiled_partition<N>(block);
  float v = tile_reduce(tile, x[blockIdx.x * blockDim.x + threadIdx.x]);
  if (v > 0.f) v = tile_reduce(tile, v);
  if (tile.thread_rank() == 0) out[blockIdx.x * tile.meta_group_size() + tile.meta_group_rank()] = v;
}
template __global__ void sums<4>(const float *, float *);
template __global__ void sums<16>(const float *, float *);
template __global__ void sums<32>(const float *, float *);

// A warp-specialised block: warp 0 scans, the others reduce.
__global__ void specialised(const int *x, int *out) {
  auto block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  int v = x[threadIdx.x];
  if (warp.meta_group_rank() == 0) {
    v = cg::inclusive_scan(warp, v);
  } else {
    v = cg::reduce(warp, v, cg::plus<int>());
  }
  block.sync();
  out[threadIdx.x] = v;
}

// A helper called under a tile-uniform condition.
__device__ int leader_value(cg::thread_block_tile<32> t, int v) { return t.shfl(v, 0); }
__global__ void per_tile(const int *x, int *out, int active_tiles) {
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  int v = x[threadIdx.x];
  if (tile.meta_group_rank() < active_tiles) v = leader_value(tile, v);
  out[threadIdx.x] = v;
}
