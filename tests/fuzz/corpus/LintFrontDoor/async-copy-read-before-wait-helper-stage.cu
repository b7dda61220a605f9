// A double buffer whose stage is chosen inside a helper (issue 23): the
// copy in flight after the wait is always into the other stage.
#include <cuda_pipeline.h>

__device__ void copy_stage(float *base, const float *g, int stage) {
  __pipeline_memcpy_async(&base[stage * 128 + threadIdx.x], &g[threadIdx.x], sizeof(float));
  __pipeline_commit();
}

__global__ void helper_stage(const float *g, float *out, int chunks) {
  __shared__ float sh[2 * 128];
  copy_stage(sh, g, 0);
  for (int chunk = 0; chunk < chunks; ++chunk) {
    if (chunk + 1 < chunks) copy_stage(sh, g + (chunk + 1) * 128, (chunk + 1) & 1);
    else __pipeline_commit();
    __pipeline_wait_prior(1);
    __syncthreads();
    out[chunk * 128 + threadIdx.x] = sh[(chunk & 1) * 128 + (threadIdx.x + 1) % 128];
    __syncthreads();
  }
}

// Nearest bug: the prefetch goes into the stage being read.
__global__ void same_stage(const float *g, float *out, int chunks) {
  __shared__ float sh[2 * 128];
  copy_stage(sh, g, 0);
  for (int chunk = 0; chunk < chunks; ++chunk) {
    if (chunk + 1 < chunks) copy_stage(sh, g + (chunk + 1) * 128, chunk & 1);
    else __pipeline_commit();
    __pipeline_wait_prior(1);
    __syncthreads();
    out[chunk * 128 + threadIdx.x] = sh[(chunk & 1) * 128 + (threadIdx.x + 1) % 128];
    __syncthreads();
  }
}
