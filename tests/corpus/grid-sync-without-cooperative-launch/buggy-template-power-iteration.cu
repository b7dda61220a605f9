// Power iteration for the dominant eigenvalue of a dense matrix, templated
// on the element type: y = A x, grid-wide norm, x = y / |y|, repeated. The
// phases are separated by grid.sync(); the host wrapper instantiates the
// template and launches it with <<<>>>.
#include <cooperative_groups.h>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

template <typename T>
__global__ void powerIteration(const T *A, T *x, T *y, T *normSq, int n, int iters) {
  cg::grid_group grid = cg::this_grid();
  for (int it = 0; it < iters; ++it) {
    if (grid.thread_rank() == 0) *normSq = T(0);
    grid.sync();
    for (int r = grid.thread_rank(); r < n; r += grid.size()) {
      T acc = T(0);
      for (int c = 0; c < n; ++c) acc += A[(size_t)r * n + c] * x[c];
      y[r] = acc;
      atomicAdd(normSq, acc * acc);
    }
    grid.sync();
    const T inv = T(1) / sqrt(*normSq);
    for (int r = grid.thread_rank(); r < n; r += grid.size()) x[r] = y[r] * inv;
    grid.sync();
  }
}

void dominantEigenvector(const double *A, double *x, double *y, double *normSq, int n, int iters) {
  powerIteration<double><<<160, 128>>>(A, x, y, normSq, n, iters); // expect: grid-sync-without-cooperative-launch
}
