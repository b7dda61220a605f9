// Sparse tile sum: tiles are streamed through a two-stage thread-scope
// pipeline and tiles marked empty in a bitmap are skipped. The skip path
// releases the oldest stage without waiting for it, handing it back to the
// producer while its copies may still be landing.
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
    if (empty) {
      pipe.consumer_release(); // expect: pipeline-protocol
    } else {
      pipe.consumer_wait();
      acc += buf[i % 2][t]; // expect: async-copy-read-before-wait
      pipe.consumer_release();
    }
    if (i + 2 < tiles) {
      pipe.producer_acquire();
      cuda::memcpy_async(&buf[i % 2][t], &x[(size_t)(i + 2) * kTile + t], sizeof(float), pipe);
      pipe.producer_commit();
    }
  }
  sums[blockIdx.x * kTile + t] = acc;
}
