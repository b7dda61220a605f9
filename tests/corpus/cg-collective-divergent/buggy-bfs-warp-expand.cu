// Level-synchronous BFS, one thread per vertex, with warp-cooperative
// expansion of the frontier vertices' adjacency lists. The ballot that
// finds the frontier lanes of the warp is taken inside the per-vertex test,
// so lanes whose vertex is not on the frontier never reach it.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void bfs_level(const int* __restrict__ row_offsets, const int* __restrict__ col_indices,
                          int* __restrict__ depth, int* __restrict__ changed, int n, int level) {
  auto warp = cg::tiled_partition<32>(cg::this_thread_block());
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  int d = v < n ? depth[v] : -1;
  if (d == level) {
    unsigned frontier = warp.ballot(1);  // expect: cg-collective-divergent
    while (frontier) {
      int leader = __ffs(frontier) - 1;
      frontier &= frontier - 1;
      int u = warp.shfl(v, leader);  // expect: cg-collective-divergent
      int begin = row_offsets[u], end = row_offsets[u + 1];
      for (int e = begin + warp.thread_rank(); e < end; e += 32) {
        int w = col_indices[e];
        if (depth[w] < 0) {
          depth[w] = level + 1;
          *changed = 1;
        }
      }
    }
  }
}
