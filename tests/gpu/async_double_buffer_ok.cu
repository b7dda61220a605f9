// async_double_buffer_ok: a correct double-buffered pipeline, the shape a
// naive detector flags.
//
// A block sums a long vector in chunks. While it adds up chunk k from one
// shared buffer, the copies of chunk k+1 into the other buffer are in flight
// (cuda::pipeline with thread scope: producer_acquire/commit,
// consumer_wait_prior<1> leaves the newest batch in flight). The barrier
// after the wait makes every thread's chunk visible; the one before the next
// prefetch keeps readers of a buffer ahead of the copies that reuse it.
//
// EXPECT-NONE
#include <cstdio>
#include <cuda/pipeline>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kThreads = 128, kChunks = 8;

__global__ void chunkedSum(const float* in, float* out) {
  __shared__ float buf[2][kThreads];
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  int tid = threadIdx.x;
  const float* src = in + (size_t)blockIdx.x * kChunks * kThreads;
  pipe.producer_acquire();
  cuda::memcpy_async(&buf[0][tid], &src[tid], sizeof(float), pipe);
  pipe.producer_commit();
  float acc = 0.f;
  for (int k = 0; k < kChunks; ++k) {
    if (k + 1 < kChunks) {
      pipe.producer_acquire();
      cuda::memcpy_async(&buf[(k + 1) % 2][tid], &src[(k + 1) * kThreads + tid], sizeof(float), pipe);
      pipe.producer_commit();
      cuda::pipeline_consumer_wait_prior<1>(pipe);
    } else {
      cuda::pipeline_consumer_wait_prior<0>(pipe);
    }
    __syncthreads();
    acc += buf[k % 2][(tid + 1) % kThreads];  // a neighbour's element
    pipe.consumer_release();
    __syncthreads();
  }
  out[blockIdx.x * kThreads + tid] = acc;
}

int main() {
  const int blocks = 4, n = blocks * kChunks * kThreads;
  float* h = new float[n];
  for (int i = 0; i < n; ++i) h[i] = 1.0f;
  float *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, n * sizeof(float)));
  CHECK(cudaMalloc(&d_out, blocks * kThreads * sizeof(float)));
  CHECK(cudaMemcpy(d_in, h, n * sizeof(float), cudaMemcpyHostToDevice));
  chunkedSum<<<blocks, kThreads>>>(d_in, d_out);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(h, d_out, blocks * kThreads * sizeof(float), cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int i = 0; i < blocks * kThreads; ++i) wrong += h[i] != (float)kChunks;
  printf("async_double_buffer_ok: %d wrong sums\n", wrong);
  delete[] h;
  return wrong != 0;
}
