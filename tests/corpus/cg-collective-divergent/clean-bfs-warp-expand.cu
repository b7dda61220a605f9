// Level-synchronous BFS with warp-cooperative expansion: every lane of the
// warp takes the ballot, and the loop over frontier vertices runs on a mask
// the whole warp agrees on.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void bfs_level(const int* __restrict__ row_offsets, const int* __restrict__ col_indices,
                          int* __restrict__ depth, int* __restrict__ changed, int n, int level) {
  auto warp = cg::tiled_partition<32>(cg::this_thread_block());
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  int d = v < n ? depth[v] : -1;
  unsigned frontier = warp.ballot(d == level);
  while (frontier) {
    int leader = __ffs(frontier) - 1;
    frontier &= frontier - 1;
    int u = warp.shfl(v, leader);
    int begin = row_offsets[u], end = row_offsets[u + 1];
    for (int e = begin + warp.thread_rank(); e < end; e += warp.size()) {
      int w = col_indices[e];
      if (depth[w] < 0) {
        depth[w] = level + 1;
        *changed = 1;
      }
    }
    warp.sync();
  }
}

// Warp-per-vertex variant: the vertex index is the warp's, so every test on
// it is uniform across the warp.
__global__ void bfs_level_warp_per_vertex(const int* __restrict__ row_offsets, const int* __restrict__ col_indices,
                                          int* __restrict__ depth, int n, int level) {
  auto block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  int v = blockIdx.x * warp.meta_group_size() + warp.meta_group_rank();
  if (v >= n || depth[v] != level) return;
  int begin = row_offsets[v], end = row_offsets[v + 1];
  int found = 0;
  for (int e = begin + warp.thread_rank(); e < end; e += 32) {
    int w = col_indices[e];
    if (depth[w] < 0) {
      depth[w] = level + 1;
      found = 1;
    }
  }
  if (warp.any(found)) warp.sync();
}
