// Row-sum reduction streaming chunks of each row through a two-stage
// cuda::pipeline. Each iteration waits for one stage (the oldest) but also
// peeks at the next chunk's first element to decide whether to keep going:
// that stage has been committed, not waited for.
#include <cuda/pipeline>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

constexpr int kChunk = 256;

__global__ void row_sum_until_sentinel(const float* __restrict__ rows, float* __restrict__ sums, int cols,
                                       float sentinel) {
  __shared__ float stage[2][kChunk];
  auto pipe = cuda::make_pipeline();
  const float* row = rows + (size_t)blockIdx.x * cols;
  int t = threadIdx.x;
  int chunks = cols / kChunk;

  for (int c = 0; c < 2 && c < chunks; ++c) {
    pipe.producer_acquire();
    cuda::memcpy_async(&stage[c][t], row + c * kChunk + t, sizeof(float), pipe);
    pipe.producer_commit();
  }

  float acc = 0.f;
  for (int c = 0; c < chunks; ++c) {
    pipe.consumer_wait();
    acc += stage[c % 2][t];
    bool last = c + 1 == chunks || stage[(c + 1) % 2][0] == sentinel; // expect: async-copy-read-before-wait
    pipe.consumer_release();
    if (last) break;
    if (c + 2 < chunks) {
      pipe.producer_acquire();
      cuda::memcpy_async(&stage[c % 2][t], row + (c + 2) * kChunk + t, sizeof(float), pipe);
      pipe.producer_commit();
    }
  }
  // Block reduction of the per-thread partial sums.
  __shared__ float partial[kChunk];
  partial[t] = acc;
  __syncthreads();
  for (int s = kChunk / 2; s > 0; s >>= 1) {
    if (t < s) partial[t] += partial[t + s];
    __syncthreads();
  }
  if (t == 0) sums[blockIdx.x] = partial[0];
}
