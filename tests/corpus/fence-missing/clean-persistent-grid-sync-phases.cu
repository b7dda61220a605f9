// Persistent two-phase normalisation: phase 1 writes per-block partial sums,
// grid.sync() (which orders memory across the grid), phase 2 reads them all.
// A progress counter is bumped with atomicAdd for a host-side progress bar
// that nobody in the kernel waits on. Launched cooperatively.
#include <cooperative_groups.h>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

__global__ void normalizePersistent(float *x, int n, float *partial, unsigned *progress) {
  cg::grid_group grid = cg::this_grid();
  __shared__ float red[256];
  float s = 0.f;
  for (int i = grid.thread_rank(); i < n; i += grid.size()) s += x[i];
  red[threadIdx.x] = s;
  __syncthreads();
  for (int k = blockDim.x / 2; k > 0; k >>= 1) {
    if (threadIdx.x < k) red[threadIdx.x] += red[threadIdx.x + k];
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    partial[blockIdx.x] = red[0];
    atomicAdd(progress, 1u);
  }
  grid.sync();
  float total = 0.f;
  for (unsigned b = 0; b < gridDim.x; ++b) total += partial[b];
  const float inv = total != 0.f ? 1.f / total : 0.f;
  for (int i = grid.thread_rank(); i < n; i += grid.size()) x[i] *= inv;
}

cudaError_t normalize(float *x, int n, float *partial, unsigned *progress, int blocks, cudaStream_t s) {
  void *args[] = {&x, &n, &partial, &progress};
  return cudaLaunchCooperativeKernel((void *)normalizePersistent, dim3(blocks), dim3(256), args, 0, s);
}
