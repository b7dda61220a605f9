// Streaming max-pool over a 1-D signal with a thread-scope pipeline and a
// one-chunk lookahead. The pipeline is drained and then quit() once, after
// the loop; nothing touches it afterwards.
#include <cuda/pipeline>

constexpr int kChunk = 256;
constexpr int kPool = 4;

__global__ void maxpool_stream(const float *__restrict__ x, float *__restrict__ y, int chunks) {
  __shared__ float buf[2][kChunk];
  const int t = threadIdx.x;  // blockDim.x == kChunk
  if (chunks <= 0) return;
  auto pipe = cuda::make_pipeline();
  pipe.producer_acquire();
  cuda::memcpy_async(&buf[0][t], &x[t], sizeof(float), pipe);
  pipe.producer_commit();
  for (int c = 0; c < chunks; ++c) {
    if (c + 1 < chunks) {
      pipe.producer_acquire();
      cuda::memcpy_async(&buf[(c + 1) & 1][t], &x[(size_t)(c + 1) * kChunk + t], sizeof(float), pipe);
      pipe.producer_commit();
    }
    pipe.consumer_wait();
    __syncthreads();
    if (t < kChunk / kPool) {
      const float *b = buf[c & 1];
      float m = b[t * kPool];
      for (int k = 1; k < kPool; ++k) m = fmaxf(m, b[t * kPool + k]);
      y[(size_t)c * (kChunk / kPool) + t] = m;
    }
    __syncthreads();
    pipe.consumer_release();
  }
  pipe.quit();
}
