// Candidate filtering with 8-lane cooperative-groups tiles (one query per
// tile, eight candidates per query): the tile sorts itself out with
// cg::reduce, and the raw __ballot_sync that packs the pass/fail bits uses
// the tile's lanes as mask, 0xff shifted to the tile's first lane. The four
// tiles of a warp pass four disjoint masks.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

#define TILE 8

__global__ void filterCandidates(const float *__restrict__ dist, float radius, int queries,
                                 unsigned char *__restrict__ passBits, int *__restrict__ passCount) {
  auto tile = cg::tiled_partition<TILE>(cg::this_thread_block());
  const int q = (blockIdx.x * blockDim.x + threadIdx.x) / TILE;
  const unsigned lane = threadIdx.x & 31;
  const unsigned tileMask = 0xffu << (lane & ~(TILE - 1u));

  const bool pass = q < queries && dist[(size_t)q * TILE + tile.thread_rank()] <= radius;
  const unsigned bits = __ballot_sync(tileMask, pass) >> (lane & ~(TILE - 1u));
  const int count = cg::reduce(tile, (int)pass, cg::plus<int>());
  if (tile.thread_rank() == 0 && q < queries) {
    passBits[q] = (unsigned char)bits;
    passCount[q] = count;
  }
}
