// Blocked dot products where the pipeline steps live in small helpers that
// take the pipeline by reference: fetch() acquires, copies and commits;
// consume() waits, reads and releases. The protocol is intact across the
// calls.
#include <cuda/pipeline>

constexpr int kBlock = 256;

template <typename Pipe>
__device__ void fetch(Pipe &pipe, float *sx, float *sy, const float *x, const float *y, size_t off) {
  pipe.producer_acquire();
  cuda::memcpy_async(&sx[threadIdx.x], &x[off + threadIdx.x], sizeof(float), pipe);
  cuda::memcpy_async(&sy[threadIdx.x], &y[off + threadIdx.x], sizeof(float), pipe);
  pipe.producer_commit();
}

template <typename Pipe>
__device__ float consume(Pipe &pipe, const float *sx, const float *sy) {
  pipe.consumer_wait();
  const float p = sx[threadIdx.x] * sy[threadIdx.x];
  pipe.consumer_release();
  return p;
}

__global__ void blocked_dot(const float *__restrict__ x, const float *__restrict__ y, float *__restrict__ partial,
                            int blocks_per_cta) {
  __shared__ float sx[2][kBlock], sy[2][kBlock];
  auto pipe = cuda::make_pipeline();
  const size_t base = (size_t)blockIdx.x * blocks_per_cta * kBlock;
  float acc = 0.f;
  if (blocks_per_cta > 0) fetch(pipe, sx[0], sy[0], x, y, base);
  for (int b = 0; b < blocks_per_cta; ++b) {
    if (b + 1 < blocks_per_cta) fetch(pipe, sx[(b + 1) & 1], sy[(b + 1) & 1], x, y, base + (size_t)(b + 1) * kBlock);
    acc += consume(pipe, sx[b & 1], sy[b & 1]);
  }
  partial[blockIdx.x * kBlock + threadIdx.x] = acc;
}
