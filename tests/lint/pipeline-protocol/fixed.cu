// RUN: %check_warpcheck %s pipeline-protocol
// buggy.cu with the protocol followed: acquire, copy, commit, wait, release.
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda/pipeline>
#include <cuda_pipeline.h>

namespace cg = cooperative_groups;

__global__ void wait_before_commit(const float *g, float *out, int n) {
  __shared__ float buf[256];
  auto pipe = cuda::make_pipeline();
  for (int i = 0; i < n; ++i) {
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[threadIdx.x], &g[i * 256 + threadIdx.x], sizeof(float), pipe);
    pipe.producer_commit();
    pipe.consumer_wait();
    out[i * 256 + threadIdx.x] = buf[threadIdx.x];
    pipe.consumer_release();
  }
}

__global__ void acquire_twice(const float *g, float *out) {
  __shared__ float a[256], b[256];
  auto pipe = cuda::make_pipeline();
  pipe.producer_acquire();
  cuda::memcpy_async(&a[threadIdx.x], &g[threadIdx.x], sizeof(float), pipe);
  cuda::memcpy_async(&b[threadIdx.x], &g[256 + threadIdx.x], sizeof(float), pipe);
  pipe.producer_commit();
  pipe.consumer_wait();
  out[threadIdx.x] = a[threadIdx.x] + b[threadIdx.x];
  pipe.consumer_release();
}

__global__ void no_acquire(const float *g, float *out) {
  __shared__ float a[256];
  auto pipe = cuda::make_pipeline();
  pipe.producer_acquire();
  cuda::memcpy_async(&a[threadIdx.x], &g[threadIdx.x], sizeof(float), pipe);
  pipe.producer_commit();
  pipe.consumer_wait();
  out[threadIdx.x] = a[threadIdx.x];
  pipe.consumer_release();
}

__global__ void release_and_wait_out_of_order(const float *g, float *out) {
  __shared__ float a[256], b[256];
  auto pipe = cuda::make_pipeline();
  pipe.producer_acquire();
  cuda::memcpy_async(&a[threadIdx.x], &g[threadIdx.x], sizeof(float), pipe);
  pipe.producer_commit();
  pipe.producer_acquire();
  cuda::memcpy_async(&b[threadIdx.x], &g[256 + threadIdx.x], sizeof(float), pipe);
  pipe.producer_commit();
  pipe.consumer_wait();
  float x = a[threadIdx.x];
  pipe.consumer_release();
  pipe.consumer_wait();
  out[threadIdx.x] = x + b[threadIdx.x];
  pipe.consumer_release();
}

__global__ void after_quit(const float *g, float *out) {
  __shared__ float a[256];
  auto block = cg::this_thread_block();
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
  auto pipe = cuda::make_pipeline(block, &state);
  pipe.producer_acquire();
  cuda::memcpy_async(block, a, g, sizeof(float) * 256, pipe);
  pipe.producer_commit();
  pipe.consumer_wait();
  out[block.thread_rank()] = a[block.thread_rank()];
  pipe.consumer_release();
  pipe.quit();
}

__global__ void acquired_not_committed(const float *g, float *out, bool skip) {
  __shared__ float a[256];
  if (skip) return;
  auto pipe = cuda::make_pipeline();
  pipe.producer_acquire();
  cuda::memcpy_async(&a[threadIdx.x], &g[threadIdx.x], sizeof(float), pipe);
  pipe.producer_commit();
  pipe.consumer_wait();
  out[threadIdx.x] = a[threadIdx.x];
  pipe.consumer_release();
}

__global__ void stage4(const float4 *g, float4 *out) {
  __shared__ float4 sh[128];
  __pipeline_memcpy_async(&sh[threadIdx.x], &g[blockIdx.x * 128 + threadIdx.x], sizeof(float4));
  __pipeline_commit();
  __pipeline_wait_prior(0);
  out[blockIdx.x * 128 + threadIdx.x] = sh[threadIdx.x];
}

__device__ void produce(cuda::pipeline<cuda::thread_scope_thread> &pipe, float *dst, const float *src) {
  pipe.producer_acquire();
  cuda::memcpy_async(dst, src, sizeof(float), pipe);
  pipe.producer_commit();
}
__global__ void helper_without_acquire(const float *g, float *out) {
  __shared__ float a[256];
  auto pipe = cuda::make_pipeline();
  produce(pipe, &a[threadIdx.x], &g[threadIdx.x]);
  pipe.consumer_wait();
  out[threadIdx.x] = a[threadIdx.x];
  pipe.consumer_release();
}
