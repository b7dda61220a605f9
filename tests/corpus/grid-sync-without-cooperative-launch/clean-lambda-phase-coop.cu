// Persistent wavefront relaxation (Bellman-Ford rounds over an edge list)
// with the grid barrier wrapped in a lambda, launched with the C++ template
// overload of cudaLaunchCooperativeKernel that takes the kernel directly.
#include <cooperative_groups.h>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

__global__ void bellmanFord(const int3 *edges, int m, int *dist, int *changed, int rounds) {
  cg::grid_group grid = cg::this_grid();
  auto phase = [&grid] { grid.sync(); };
  for (int r = 0; r < rounds; ++r) {
    if (grid.thread_rank() == 0) *changed = 0;
    phase();
    for (int e = grid.thread_rank(); e < m; e += grid.size()) {
      const int3 ed = edges[e];  // (from, to, weight)
      const int du = dist[ed.x];
      if (du != INT_MAX && du + ed.z < dist[ed.y]) {
        atomicMin(&dist[ed.y], du + ed.z);
        *changed = 1;
      }
    }
    phase();
    if (*changed == 0) break;
    phase();
  }
}

cudaError_t shortestPaths(const int3 *edges, int m, int *dist, int *changed, int rounds, int blocks, cudaStream_t s) {
  void *args[] = {&edges, &m, &dist, &changed, &rounds};
  return cudaLaunchCooperativeKernel(bellmanFord, dim3(blocks), dim3(256), args, 0, s);
}
