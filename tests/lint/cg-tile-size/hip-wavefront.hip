// REQUIRES: hip
// RUN: %check_warpcheck %s cg-tile-size -- --offload-arch=gfx90a --offload-arch=gfx1100
// HIP's runtime-sized tiled_partition accepts powers of two up to the
// wavefront: 64 lanes on gfx90a, 32 on gfx1100. A 64-thread tile is
// reported for gfx1100 only; 128 exceeds both.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void wave_sums(const float *x, float *out) {
  cg::thread_group wave = cg::tiled_partition(cg::this_thread_block(), 64);
// CHECK-MESSAGES: :[[@LINE-1]]:72: error: tile size 64 exceeds 32: tiled_partition(parent, n) supports 1, 2, 4, 8, 16 and 32 on 32-lane wavefronts only (use the templated tiled_partition<64>() for multi-warp tiles) [cg-tile-size]
  cg::thread_group half = cg::tiled_partition(cg::this_thread_block(), 32);
  cg::thread_group pair = cg::tiled_partition(cg::this_thread_block(), 128);
// CHECK-MESSAGES: :[[@LINE-1]]:72: error: tile size 128 exceeds 32: tiled_partition(parent, n) supports 1, 2, 4, 8, 16 and 32 on 32-lane wavefronts only (use the templated tiled_partition<128>() for multi-warp tiles) [cg-tile-size]
// CHECK-MESSAGES: :[[@LINE-2]]:72: error: tile size 128 exceeds 64: tiled_partition(parent, n) supports 1, 2, 4, 8, 16, 32 and 64 on 64-lane wavefronts only (use the templated tiled_partition<128>() for multi-warp tiles) [cg-tile-size]
  float v = x[threadIdx.x];
  wave.sync();
  half.sync();
  pair.sync();
  out[threadIdx.x] = v;
}
