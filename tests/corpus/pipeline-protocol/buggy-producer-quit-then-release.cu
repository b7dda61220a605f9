// Streaming max-pool over a 1-D signal with a thread-scope pipeline. The
// author quits the pipeline as soon as the last chunk is consumed, inside
// the loop, but the loop's common tail still releases the stage: a use of
// the pipeline after quit().
#include <cuda/pipeline>

constexpr int kChunk = 256;
constexpr int kPool = 4;

__global__ void maxpool_stream(const float *__restrict__ x, float *__restrict__ y, int chunks) {
  __shared__ float buf[kChunk];
  const int t = threadIdx.x;
  auto pipe = cuda::make_pipeline();
  for (int c = 0; c < chunks; ++c) {
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[t], &x[(size_t)c * kChunk + t], sizeof(float), pipe);
    pipe.producer_commit();
    pipe.consumer_wait();
    __syncthreads();
    if (t < kChunk / kPool) {
      float m = buf[t * kPool];
      for (int k = 1; k < kPool; ++k) m = fmaxf(m, buf[t * kPool + k]);
      y[(size_t)c * (kChunk / kPool) + t] = m;
    }
    __syncthreads();
    if (c == chunks - 1) pipe.quit();
    pipe.consumer_release(); // expect: pipeline-protocol
  }
}
