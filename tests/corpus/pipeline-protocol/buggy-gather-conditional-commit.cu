// Embedding-bag forward: each thread gathers one embedding element per bag
// member through a thread-scope pipeline. The producer side is under the
// thread's bounds check, but the consumer side is not: threads past the
// embedding width call consumer_wait() on a pipeline they never committed to.
#include <cuda/pipeline>

constexpr int kMaxDim = 256;

__global__ void embedding_bag_sum(const float *__restrict__ table, const int *__restrict__ indices,
                                  const int *__restrict__ offsets, float *__restrict__ out, int dim) {
  __shared__ float row[kMaxDim];
  const int bag = blockIdx.x;
  const int d = threadIdx.x;  // blockDim.x == kMaxDim >= dim
  auto pipe = cuda::make_pipeline();
  float acc = 0.f;
  for (int i = offsets[bag]; i < offsets[bag + 1]; ++i) {
    const int idx = indices[i];
    if (d < dim) {
      pipe.producer_acquire();
      cuda::memcpy_async(&row[d], &table[(size_t)idx * dim + d], sizeof(float), pipe);
      pipe.producer_commit();
    }
    pipe.consumer_wait(); // expect: pipeline-protocol
    if (d < dim) acc += row[d];
    pipe.consumer_release();
  }
  if (d < dim) out[(size_t)bag * dim + d] = acc;
}
