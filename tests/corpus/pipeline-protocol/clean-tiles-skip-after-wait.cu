// Sparse tile sum over a two-stage thread-scope pipeline where empty tiles
// are skipped: the skip path still waits for and releases its stage before
// moving on, so every stage is waited for exactly once and released once.
#include <cuda/pipeline>

constexpr int kTile = 128;

__global__ void masked_tile_sum(const float *__restrict__ x, const unsigned *__restrict__ nonempty, int tiles,
                                float *__restrict__ sums) {
  __shared__ float buf[2][kTile];
  const int t = threadIdx.x;
  auto pipe = cuda::make_pipeline();
  for (int s = 0; s < 2 && s < tiles; ++s) {
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[s][t], &x[(size_t)s * kTile + t], sizeof(float), pipe);
    pipe.producer_commit();
  }
  float acc = 0.f;
  for (int i = 0; i < tiles; ++i) {
    const bool empty = ((nonempty[i / 32] >> (i % 32)) & 1u) == 0;
    pipe.consumer_wait();
    if (!empty) acc += buf[i % 2][t];
    pipe.consumer_release();
    if (i + 2 < tiles) {
      pipe.producer_acquire();
      cuda::memcpy_async(&buf[i % 2][t], &x[(size_t)(i + 2) * kTile + t], sizeof(float), pipe);
      pipe.producer_commit();
    }
  }
  sums[blockIdx.x * kTile + t] = acc;
}
