// Chunked dot product over a double buffer in shared memory. The copy of a
// chunk goes through a small helper that takes the stage index
// (`copy_stage(base, chunk & 1)` style): while chunk k is read from stage
// k & 1, the prefetch of chunk k + 1 is in flight into the other stage,
// and wait_prior(1) completes chunk k before it is read.
#include <cuda_pipeline.h>

constexpr int kChunk = 256;

__device__ __forceinline__ void copyStage(float *base, int stage, const float *src) {
  __pipeline_memcpy_async(&base[stage * kChunk + threadIdx.x], &src[threadIdx.x], sizeof(float));
  __pipeline_commit();
}

__global__ void chunkedDot(const float *__restrict__ a, const float *__restrict__ b, float *__restrict__ out,
                           int chunks) {
  __shared__ float stages[2 * kChunk];
  float acc = 0.f;
  copyStage(stages, 0, a);
  for (int chunk = 0; chunk < chunks; ++chunk) {
    if (chunk + 1 < chunks) copyStage(stages, (chunk + 1) & 1, a + (chunk + 1) * kChunk);
    else __pipeline_commit();
    __pipeline_wait_prior(1);
    __syncthreads();
    acc += stages[(chunk & 1) * kChunk + threadIdx.x] * b[chunk * kChunk + threadIdx.x];
    __syncthreads();
  }
  atomicAdd(out, acc);
}
