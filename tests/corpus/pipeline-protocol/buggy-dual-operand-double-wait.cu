// Elementwise complex multiply of two long signals, streamed in chunks: the
// real and imaginary planes are fetched as two committed stages, and the
// consumer calls consumer_wait() once per plane. The second wait comes
// before the first stage is released, so it waits for the same (oldest)
// stage again, not for the imaginary plane.
#include <cuda/pipeline>

constexpr int kChunk = 256;

__global__ void cmul_stream(const float *__restrict__ re, const float *__restrict__ im, const float2 *__restrict__ w,
                            float2 *__restrict__ out, int chunks) {
  __shared__ float sre[kChunk], sim[kChunk];
  const int t = threadIdx.x;
  auto pipe = cuda::make_pipeline();
  for (int c = blockIdx.x; c < chunks; c += gridDim.x) {
    const size_t base = (size_t)c * kChunk;
    pipe.producer_acquire();
    cuda::memcpy_async(&sre[t], &re[base + t], sizeof(float), pipe);
    pipe.producer_commit();
    pipe.producer_acquire();
    cuda::memcpy_async(&sim[t], &im[base + t], sizeof(float), pipe);
    pipe.producer_commit();

    pipe.consumer_wait();
    pipe.consumer_wait(); // expect: pipeline-protocol
    const float2 k = w[base + t];
    out[base + t] = make_float2(sre[t] * k.x - sim[t] * k.y, sre[t] * k.y + sim[t] * k.x);
    pipe.consumer_release();
    pipe.consumer_release();
  }
}
