// Power iteration templated on the element type, launched cooperatively
// through the pointer to the instantiation, with the occupancy-sized grid.
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

cudaError_t dominantEigenvector(const double *A, double *x, double *y, double *normSq, int n, int iters) {
  int dev = 0, sms = 0, perSm = 0;
  cudaGetDevice(&dev);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, powerIteration<double>, 128, 0);
  void *args[] = {&A, &x, &y, &normSq, &n, &iters};
  return cudaLaunchCooperativeKernel((void *)powerIteration<double>, dim3(sms * perSm), dim3(128), args);
}
