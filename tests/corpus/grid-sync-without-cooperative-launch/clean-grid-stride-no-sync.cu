// A grid-stride SAXPY written with cooperative groups: it uses
// this_grid() for the thread's global rank and the grid size, but never
// synchronises the grid, so the ordinary <<<>>> launch is fine.
#include <cooperative_groups.h>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

__global__ void saxpyGrid(float a, const float *x, float *y, size_t n) {
  cg::grid_group grid = cg::this_grid();
  for (unsigned long long i = grid.thread_rank(); i < n; i += grid.size()) y[i] = a * x[i] + y[i];
}

void saxpy(float a, const float *x, float *y, size_t n, cudaStream_t s) {
  const unsigned blocks = (unsigned)((n + 255) / 256 < 4096 ? (n + 255) / 256 : 4096);
  saxpyGrid<<<blocks, 256, 0, s>>>(a, x, y, n);
}
