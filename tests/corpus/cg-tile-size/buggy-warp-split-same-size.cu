// Warp-level histogram of small keys: each warp is split into sub-groups
// that share a private histogram row. The sub-group size comes from a
// configuration constant that was raised to 32 when the histogram got
// wider, so the "partition" of the 32-thread warp tile is the whole warp,
// which the runtime-sized tiled_partition does not support (a tile must be
// smaller than its thread_block_tile parent).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

constexpr unsigned kSubGroup = 32;
constexpr int kBins = 32;

__global__ void warp_histograms(const unsigned char *__restrict__ keys, int n, unsigned *__restrict__ hist) {
  __shared__ unsigned bins[8][kBins];  // 8 warps per block
  auto warp = cg::tiled_partition<32>(cg::this_thread_block());
  auto sub = cg::tiled_partition(warp, kSubGroup); // expect: cg-tile-size
  const int w = warp.meta_group_rank();
  for (int b = warp.thread_rank(); b < kBins; b += 32) bins[w][b] = 0;
  warp.sync();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&bins[w][keys[i] % kBins], 1u);
  sub.sync();
  warp.sync();
  for (int b = warp.thread_rank(); b < kBins; b += 32) atomicAdd(&hist[b], bins[w][b]);
}
