// 1-D convolution streaming input chunks through a three-stage thread-scope
// cuda::pipeline. The consumer waits with pipeline_consumer_wait_prior<1>,
// which completes every stage but the newest, and then reads the chunk of
// the newest stage (the one just committed) instead of the oldest. Each
// block's input is padded with kTaps - 1 elements past its last chunk.
#include <cuda/pipeline>

constexpr int kStages = 3;
constexpr int kChunk = 256;
constexpr int kTaps = 5;

__global__ void conv_stream(const float *__restrict__ x, const float *__restrict__ w, float *__restrict__ y,
                            int chunks) {
  __shared__ float buf[kStages][kChunk + kTaps - 1];
  auto pipe = cuda::make_pipeline();
  const int t = threadIdx.x;  // blockDim.x == kChunk
  const float *src = x + (size_t)blockIdx.x * chunks * kChunk;

  for (int c = 0; c < chunks; ++c) {
    const int s = c % kStages;
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[s][t], &src[c * kChunk + t], sizeof(float), pipe);
    if (t < kTaps - 1) cuda::memcpy_async(&buf[s][kChunk + t], &src[(c + 1) * kChunk + t], sizeof(float), pipe);
    pipe.producer_commit();

    cuda::pipeline_consumer_wait_prior<1>(pipe);
    __syncthreads();
    float acc = 0.f;
#pragma unroll
    for (int k = 0; k < kTaps; ++k) acc += w[k] * buf[s][t + k]; // expect: async-copy-read-before-wait
    y[(size_t)blockIdx.x * chunks * kChunk + c * kChunk + t] = acc;
    __syncthreads();
    pipe.consumer_release();
  }
}
