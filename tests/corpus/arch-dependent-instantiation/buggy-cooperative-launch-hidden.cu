// corpus-args: --cuda-arch=sm_80,sm_90
// Persistent PageRank iteration with a grid-wide barrier, launched with
// cudaLaunchCooperativeKernel. The launch sits in a __host__ __device__
// "run" helper of the solver, on the host branch of #ifdef __CUDA_ARCH__:
// device passes never see `pagerank<float>` named, never instantiate it,
// and the cooperative launch fails with an invalid device function.
#include <cooperative_groups.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

template <typename T>
__global__ void pagerank(const int *rowPtr, const int *cols, const int *outDeg, T *rank, T *next, int n,
                         int iters, T damping) {
  cg::grid_group grid = cg::this_grid();
  for (int it = 0; it < iters; ++it) {
    for (int v = grid.thread_rank(); v < n; v += grid.size()) {
      T s = 0;
      for (int e = rowPtr[v]; e < rowPtr[v + 1]; ++e) s += rank[cols[e]] / outDeg[cols[e]];
      next[v] = (1 - damping) / n + damping * s;
    }
    grid.sync();
    for (int v = grid.thread_rank(); v < n; v += grid.size()) rank[v] = next[v];
    grid.sync();
  }
}

struct PageRankSolver {
  const int *rowPtr, *cols, *outDeg;
  float *rank, *next;
  int n;

  __host__ __device__ int run(int iters, int blocks, cudaStream_t s) {
#ifndef __CUDA_ARCH__
    float damping = 0.85f;
    void *args[] = {&rowPtr, &cols, &outDeg, &rank, &next, &n, &iters, &damping};
    return (int)cudaLaunchCooperativeKernel((void *)pagerank<float>, blocks, 256, args, 0, s); // expect: arch-dependent-instantiation
#else
    return -1; // not launchable from device code
#endif
  }
};
