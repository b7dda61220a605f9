// Fused bias + GELU epilogue over rows of a matrix. The bias vector is
// staged asynchronously only when the layer has one (`bias != nullptr`, the
// same for the whole grid); the wait and every read of the staged bias are
// under the same condition, and the rows themselves are read from global.
#include <cuda_pipeline.h>

constexpr int kCols = 1024;

__device__ __forceinline__ float gelu(float x) {
  return 0.5f * x * (1.f + tanhf(0.7978845608f * (x + 0.044715f * x * x * x)));
}

__global__ void bias_gelu(const float *__restrict__ in, const float *__restrict__ bias, float *__restrict__ out,
                          int rows) {
  __shared__ __align__(16) float b[kCols];
  const bool has_bias = bias != nullptr;
  if (has_bias) {
    for (int c = threadIdx.x * 4; c < kCols; c += blockDim.x * 4)
      __pipeline_memcpy_async(&b[c], &bias[c], 4 * sizeof(float));
    __pipeline_commit();
    __pipeline_wait_prior(0);
    __syncthreads();
  }
  for (int r = blockIdx.x; r < rows; r += gridDim.x) {
    for (int c = threadIdx.x; c < kCols; c += blockDim.x) {
      float v = in[(size_t)r * kCols + c];
      if (has_bias) v += b[c];
      out[(size_t)r * kCols + c] = gelu(v);
    }
  }
}
