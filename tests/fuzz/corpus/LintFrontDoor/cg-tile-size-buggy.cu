#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void tiles24(int *out) {
  auto t = cg::tiled_partition(cg::this_thread_block(), 24);
  out[threadIdx.x] = t.thread_rank();
}

__global__ void tooWide(int *out) {
  cg::thread_block block = cg::this_thread_block();
  const unsigned kTile = 64;
  cg::thread_group t = cg::tiled_partition(block, kTile);
  cg::thread_group z = cg::tiled_partition(block, 0);
  out[threadIdx.x] = t.thread_rank() + z.thread_rank();
}

// Sizes from template arguments are checked in each instantiation.
template <unsigned Tile> __device__ unsigned rankIn(cg::thread_block b) {
  return cg::tiled_partition(b, Tile).thread_rank();
}
__global__ void templated(unsigned *out) { out[threadIdx.x] = rankIn<12>(cg::this_thread_block()) + rankIn<8>(cg::this_thread_block()); }
