// Block-private histogram over a streamed input: each chunk goes through a
// thread-scope cuda::pipeline, but the refill at the bottom of the loop
// forgets producer_commit(), so the next consumer_wait() has no stage to
// wait for and the bins count stale data.
#include <cuda/pipeline>

constexpr int kBins = 64;
constexpr int kChunk = 256;

__global__ void histogram_stream(const unsigned char* __restrict__ data, unsigned* __restrict__ hist, int chunks) {
  __shared__ unsigned bins[kBins];
  __shared__ unsigned char chunk[kChunk];
  int t = threadIdx.x;
  if (t < kBins) bins[t] = 0;
  __syncthreads();

  auto pipe = cuda::make_pipeline();
  const unsigned char* src = data + (size_t)blockIdx.x * chunks * kChunk;
  pipe.producer_acquire();
  cuda::memcpy_async(&chunk[t], src + t, 1, pipe);
  pipe.producer_commit();

  for (int c = 0; c < chunks; ++c) {
    pipe.consumer_wait(); // expect: pipeline-protocol
    unsigned char v = chunk[t]; // expect: async-copy-read-before-wait
    pipe.consumer_release();
    atomicAdd(&bins[v % kBins], 1u);
    if (c + 1 < chunks) {
      pipe.producer_acquire(); // expect: pipeline-protocol
      cuda::memcpy_async(&chunk[t], src + (c + 1) * kChunk + t, 1, pipe);
    }
  }
  __syncthreads();
  if (t < kBins) atomicAdd(&hist[t], bins[t]);
}
