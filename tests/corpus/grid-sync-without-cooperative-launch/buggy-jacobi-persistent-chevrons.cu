// Persistent Jacobi solver for a 2-D Poisson problem: the whole grid sweeps
// the domain, then synchronises with grid.sync() before the next sweep
// reads the neighbours' new values. The host launches it with <<<>>>, so
// the grid group is invalid and the first grid.sync() traps.
#include <cooperative_groups.h>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

__global__ void jacobiPersistent(float *u, float *unew, const float *f, int nx, int ny, float h2, int iters) {
  cg::grid_group grid = cg::this_grid();
  for (int it = 0; it < iters; ++it) {
    for (int idx = grid.thread_rank(); idx < nx * ny; idx += grid.size()) {
      const int x = idx % nx, y = idx / nx;
      if (x == 0 || y == 0 || x == nx - 1 || y == ny - 1) {
        unew[idx] = u[idx];
        continue;
      }
      unew[idx] = 0.25f * (u[idx - 1] + u[idx + 1] + u[idx - nx] + u[idx + nx] - h2 * f[idx]);
    }
    grid.sync();
    float *t = u;
    u = unew;
    unew = t;
  }
}

void solvePoisson(float *u, float *tmp, const float *f, int nx, int ny, float h, int iters, cudaStream_t s) {
  int device = 0, sms = 0;
  cudaGetDevice(&device);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
  jacobiPersistent<<<sms * 2, 256, 0, s>>>(u, tmp, f, nx, ny, h * h, iters); // expect: grid-sync-without-cooperative-launch
}
