// RUN: %check_warpcheck %s cg-tile-size
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void tiles24(int *out) {
  auto t = cg::tiled_partition(cg::this_thread_block(), 24);
// CHECK-MESSAGES: :[[@LINE-1]]:57: error: tile size 24 is not a power of two: tiled_partition(parent, n) supports 1, 2, 4, 8, 16 and 32 only [cg-tile-size]
  out[threadIdx.x] = t.thread_rank();
}

__global__ void tooWide(int *out) {
  cg::thread_block block = cg::this_thread_block();
  const unsigned kTile = 64;
  cg::thread_group t = cg::tiled_partition(block, kTile);
// CHECK-MESSAGES: :[[@LINE-1]]:51: error: tile size 64 exceeds 32: tiled_partition(parent, n) supports 1, 2, 4, 8, 16 and 32 only (use the templated tiled_partition<64>() for multi-warp tiles) [cg-tile-size]
  cg::thread_group z = cg::tiled_partition(block, 0);
// CHECK-MESSAGES: :[[@LINE-1]]:51: error: tile size 0 is not positive{{.*}} [cg-tile-size]
  out[threadIdx.x] = t.thread_rank() + z.thread_rank();
}

// Sizes from template arguments are checked in each instantiation.
template <unsigned Tile> __device__ unsigned rankIn(cg::thread_block b) {
  return cg::tiled_partition(b, Tile).thread_rank();
// CHECK-MESSAGES: :[[@LINE-1]]:33: error: tile size 12 is not a power of two{{.*}} [cg-tile-size]
}
__global__ void templated(unsigned *out) { out[threadIdx.x] = rankIn<12>(cg::this_thread_block()) + rankIn<8>(cg::this_thread_block()); }
