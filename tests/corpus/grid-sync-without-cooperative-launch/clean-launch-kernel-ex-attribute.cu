// Persistent reduction launched with cudaLaunchKernelEx and the cooperative
// launch attribute set, the CUDA 12 way of asking for a cooperative launch
// (the attribute makes it one; there is no <<<>>> launch of the kernel).
#include <cooperative_groups.h>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

__global__ void sumPersistent(const float *x, int n, float *partial, float *total) {
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
  if (threadIdx.x == 0) partial[blockIdx.x] = red[0];
  grid.sync();
  if (grid.thread_rank() == 0) {
    float t = 0.f;
    for (unsigned b = 0; b < gridDim.x; ++b) t += partial[b];
    *total = t;
  }
}

cudaError_t sum(const float *x, int n, float *partial, float *total, int blocks, cudaStream_t s) {
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(blocks);
  cfg.blockDim = dim3(256);
  cfg.stream = s;
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeCooperative;
  attr[0].val.cooperative = 1;
  cfg.attrs = attr;
  cfg.numAttrs = 1;
  return cudaLaunchKernelEx(&cfg, sumPersistent, x, n, partial, total);
}
