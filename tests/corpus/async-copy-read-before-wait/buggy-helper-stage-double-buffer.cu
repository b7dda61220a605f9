// The near twin of clean-helper-stage-double-buffer.cu: the same chunked
// dot product with the copy of a chunk behind a helper that takes the
// stage index, but the prefetch of chunk k + 1 is given `chunk & 1`, the
// stage of chunk k. wait_prior(1) leaves that copy in flight while chunk k
// is read from the very stage it is overwriting.
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
    if (chunk + 1 < chunks) copyStage(stages, chunk & 1, a + (chunk + 1) * kChunk);
    else __pipeline_commit();
    __pipeline_wait_prior(1);
    __syncthreads();
    acc += stages[(chunk & 1) * kChunk + threadIdx.x] * b[chunk * kChunk + threadIdx.x]; // expect: async-copy-read-before-wait
    __syncthreads();
  }
  atomicAdd(out, acc);
}
