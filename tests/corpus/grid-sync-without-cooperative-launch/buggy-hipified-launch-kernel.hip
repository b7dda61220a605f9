// corpus-args: --offload-arch=gfx90a
// A persistent min-plus (tropical) matrix-vector relaxation hipified from
// CUDA: the CUDA code used cudaLaunchKernel with an argument array (already
// wrong there for a grid-synchronising kernel), which hipify turned into
// hipLaunchKernel. Without hipLaunchCooperativeKernel, grid.sync() is not
// valid.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void relaxAll(const float *W, float *dist, float *next, int n, int rounds) {
  cg::grid_group grid = cg::this_grid();
  for (int r = 0; r < rounds; ++r) {
    for (int v = grid.thread_rank(); v < n; v += grid.size()) {
      float best = dist[v];
      for (int u = 0; u < n; ++u) best = fminf(best, dist[u] + W[(size_t)u * n + v]);
      next[v] = best;
    }
    grid.sync();
    for (int v = grid.thread_rank(); v < n; v += grid.size()) dist[v] = next[v];
    grid.sync();
  }
}

hipError_t relax(const float *W, float *dist, float *next, int n, int rounds, hipStream_t s) {
  void *args[] = {&W, &dist, &next, &n, &rounds};
  return hipLaunchKernel(reinterpret_cast<const void *>(relaxAll), dim3(120), dim3(256), args, 0, s); // expect: grid-sync-without-cooperative-launch
}
