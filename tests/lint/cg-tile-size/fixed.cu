// RUN: %check_warpcheck %s cg-tile-size
// The buggy cases with supported sizes: no finding.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void tiles32(int *out) {
  auto t = cg::tiled_partition<32>(cg::this_thread_block());
  out[threadIdx.x] = t.thread_rank();
}

__global__ void narrow(int *out) {
  cg::thread_block block = cg::this_thread_block();
  const unsigned kTile = 32;
  cg::thread_group t = cg::tiled_partition(block, kTile);
  cg::thread_group one = cg::tiled_partition(block, 1);
  out[threadIdx.x] = t.thread_rank() + one.thread_rank();
}

__global__ void smaller(int *out) {
  auto sixteen = cg::tiled_partition<16>(cg::this_thread_block());
  auto eight = cg::tiled_partition(sixteen, 8);
  out[threadIdx.x] = eight.thread_rank();
}

template <unsigned Tile> __device__ unsigned rankIn(cg::thread_block b) {
  return cg::tiled_partition(b, Tile).thread_rank();
}
__global__ void templated(unsigned *out) { out[threadIdx.x] = rankIn<16>(cg::this_thread_block()) + rankIn<8>(cg::this_thread_block()); }
