// Two-level warp reduction for a sparse block format: each 8-thread tile
// handles one 8x8 block, and the author re-partitions the tile "into
// halves" for the row/column passes, but passed 16 (half a warp) instead
// of 4 (half the tile). A runtime-sized tile larger than its
// thread_block_tile<8> parent does not partition it.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void block8_row_col_sums(const float *__restrict__ blocks, float *__restrict__ row_sums,
                                    float *__restrict__ col_sums, int nblocks) {
  auto tile = cg::tiled_partition<8>(cg::this_thread_block());
  auto half = cg::tiled_partition(tile, 16); // expect: cg-tile-size
  const int b = blockIdx.x * tile.meta_group_size() + tile.meta_group_rank();
  if (b >= nblocks) return;
  const float *blk = blocks + (size_t)b * 64;
  const int r = tile.thread_rank();
  float rs = 0.f, cs = 0.f;
  for (int c = 0; c < 8; ++c) {
    rs += blk[r * 8 + c];
    cs += blk[c * 8 + r];
  }
  half.sync();
  row_sums[b * 8 + r] = rs;
  col_sums[b * 8 + r] = cs;
}
