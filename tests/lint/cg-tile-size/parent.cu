// RUN: %check_warpcheck %s cg-tile-size
// A tile of a thread_block_tile<16> must be smaller than 16; the note shows
// the parent.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void notSmaller(int *out) {
  auto sixteen = cg::tiled_partition<16>(cg::this_thread_block());
  auto same = cg::tiled_partition(sixteen, 16);
// CHECK-NOTES: :[[@LINE-1]]:44: error: tile size 16 is not smaller than its parent thread_block_tile<16>: a tile must partition its parent [cg-tile-size]
// CHECK-NOTES: :[[@LINE-2]]:35: note: the parent group
  auto wider = cg::tiled_partition(sixteen, 32);
// CHECK-NOTES: :[[@LINE-1]]:45: error: tile size 32 is not smaller than its parent thread_block_tile<16>{{.*}} [cg-tile-size]
// CHECK-NOTES: :[[@LINE-2]]:36: note: the parent group
  out[threadIdx.x] = same.thread_rank() + wider.thread_rank();
}
