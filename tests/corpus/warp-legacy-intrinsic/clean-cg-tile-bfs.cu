// Warp-centric BFS level expansion written with cooperative groups: each
// 32-thread tile owns a chunk of vertices, skips chunks with no frontier
// vertex (tile.any), and broadcasts each vertex's adjacency bounds from the
// lane that loaded them (tile.shfl). The tile methods are named like the
// removed intrinsics but are the supported API: the group says which
// threads take part.

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

#define CHUNK 32

__global__ void bfsTiles(const int *__restrict__ rowPtr, const int *__restrict__ colIdx, int *__restrict__ level,
                         int numVertices, int curLevel, int *__restrict__ changed) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  const int lane = tile.thread_rank();
  const int base = (blockIdx.x * (blockDim.x / 32) + tile.meta_group_rank()) * CHUNK;
  if (base >= numVertices) return;  // whole tiles leave together

  const int mine = base + lane;
  const bool onFrontier = mine < numVertices && level[mine] == curLevel;
  if (!tile.any(onFrontier)) return;
  const unsigned todo = tile.ballot(onFrontier);

  for (int k = 0; k < CHUNK; ++k) {
    if (!(todo & (1u << k))) continue;  // the same bit for every lane of the tile
    int start = 0, stop = 0;
    if (lane == k) {
      start = rowPtr[mine];
      stop = rowPtr[mine + 1];
    }
    start = tile.shfl(start, k);
    stop = tile.shfl(stop, k);
    for (int e = start + lane; e < stop; e += 32) {
      int v = colIdx[e];
      if (atomicCAS(&level[v], -1, curLevel + 1) == -1) *changed = 1;
    }
  }
}
