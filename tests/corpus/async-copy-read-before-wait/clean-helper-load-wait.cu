// Batched small-matrix transform (y = M x for many 32x32 matrices): the copy
// and the wait are wrapped in helpers, the way kernels built from a small
// "tile loader" library look. The caller reads the tile only after
// wait_tile(), which waits for every committed batch and then syncs.
#include <cuda_pipeline.h>

constexpr int kDim = 32;

__device__ void load_tile(float (*dst)[kDim + 1], const float *src, int tid) {
  for (int i = tid; i < kDim * kDim; i += blockDim.x)
    __pipeline_memcpy_async(&dst[i / kDim][i % kDim], &src[i], sizeof(float));
  __pipeline_commit();
}

__device__ void wait_tile() {
  __pipeline_wait_prior(0);
  __syncthreads();
}

__global__ void batched_matvec(const float *__restrict__ mats, const float *__restrict__ xs, float *__restrict__ ys,
                               int batch) {
  __shared__ float m[kDim][kDim + 1];
  __shared__ float x[kDim];
  const int tid = threadIdx.x;
  for (int b = blockIdx.x; b < batch; b += gridDim.x) {
    load_tile(m, mats + (size_t)b * kDim * kDim, tid);
    if (tid < kDim) x[tid] = xs[(size_t)b * kDim + tid];  // plain load overlaps the copy
    wait_tile();
    if (tid < kDim) {
      float acc = 0.f;
#pragma unroll
      for (int j = 0; j < kDim; ++j) acc += m[tid][j] * x[j];
      ys[(size_t)b * kDim + tid] = acc;
    }
    __syncthreads();
  }
}
