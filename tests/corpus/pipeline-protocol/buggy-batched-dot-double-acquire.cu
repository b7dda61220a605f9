// Batched dot products: each block streams pairs of vectors through a
// thread-scope pipeline. The prologue acquires a stage per vector of the
// pair, committing only once: the second producer_acquire() comes before
// the first stage is committed.
#include <cuda/pipeline>

constexpr int kLen = 256;

__global__ void batched_dot(const float* __restrict__ xs, const float* __restrict__ ys, float* __restrict__ dots,
                            int batch) {
  __shared__ float xbuf[kLen], ybuf[kLen];
  __shared__ float partial[kLen];
  int t = threadIdx.x;
  auto pipe = cuda::make_pipeline();
  for (int b = blockIdx.x; b < batch; b += gridDim.x) {
    pipe.producer_acquire();
    cuda::memcpy_async(&xbuf[t], xs + (size_t)b * kLen + t, sizeof(float), pipe);
    pipe.producer_acquire(); // expect: pipeline-protocol
    cuda::memcpy_async(&ybuf[t], ys + (size_t)b * kLen + t, sizeof(float), pipe);
    pipe.producer_commit();
    pipe.consumer_wait();
    partial[t] = xbuf[t] * ybuf[t];
    pipe.consumer_release();
    __syncthreads();
    for (int s = kLen / 2; s > 0; s >>= 1) {
      if (t < s) partial[t] += partial[t + s];
      __syncthreads();
    }
    if (t == 0) dots[b] = partial[0];
    __syncthreads();
  }
}
