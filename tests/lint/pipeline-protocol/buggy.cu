// RUN: %check_warpcheck %s pipeline-protocol
// Producer/consumer steps out of order.
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda/pipeline>
#include <cuda_pipeline.h>

namespace cg = cooperative_groups;

// The stage is waited for before it is committed.
__global__ void wait_before_commit(const float *g, float *out, int n) {
  __shared__ float buf[256];
  auto pipe = cuda::make_pipeline();
  for (int i = 0; i < n; ++i) {
    pipe.producer_acquire();
// CHECK-MESSAGES: :[[@LINE-1]]:5: error: producer_acquire() on 'pipe' again, in the next iteration, before the stage it acquired is committed with producer_commit() [pipeline-protocol]
    cuda::memcpy_async(&buf[threadIdx.x], &g[i * 256 + threadIdx.x], sizeof(float), pipe);
    pipe.consumer_wait();
// CHECK-MESSAGES: :[[@LINE-1]]:5: error: consumer_wait() on 'pipe' with no committed stage on this path: it waits for a stage no producer_commit() has filled [pipeline-protocol]
    out[i * 256 + threadIdx.x] = buf[threadIdx.x];
    pipe.consumer_release();
  }
}

// A second producer_acquire() before the first stage is committed.
__global__ void acquire_twice(const float *g, float *out) {
  __shared__ float a[256], b[256];
  auto pipe = cuda::make_pipeline();
  pipe.producer_acquire();
  cuda::memcpy_async(&a[threadIdx.x], &g[threadIdx.x], sizeof(float), pipe);
  pipe.producer_acquire();
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: producer_acquire() on 'pipe' again before the stage acquired at line {{[0-9]+}} is committed with producer_commit() [pipeline-protocol]
  cuda::memcpy_async(&b[threadIdx.x], &g[256 + threadIdx.x], sizeof(float), pipe);
  pipe.producer_commit();
  pipe.consumer_wait();
  out[threadIdx.x] = a[threadIdx.x] + b[threadIdx.x];
  pipe.consumer_release();
}

// Copies issued with no stage acquired; a commit with nothing acquired.
__global__ void no_acquire(const float *g, float *out) {
  __shared__ float a[256];
  auto pipe = cuda::make_pipeline();
  cuda::memcpy_async(&a[threadIdx.x], &g[threadIdx.x], sizeof(float), pipe);
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: cuda::memcpy_async() into pipeline 'pipe' outside a stage: no producer_acquire() precedes it on this path, so no stage holds the copy [pipeline-protocol]
  pipe.producer_commit();
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: producer_commit() on 'pipe' without a producer_acquire() since the last commit: no stage is acquired [pipeline-protocol]
  pipe.consumer_wait();
  out[threadIdx.x] = a[threadIdx.x];
  pipe.consumer_release();
}

// Released without waiting, then waited twice without a release.
__global__ void release_and_wait_out_of_order(const float *g, float *out) {
  __shared__ float a[256], b[256];
  auto pipe = cuda::make_pipeline();
  pipe.producer_acquire();
  cuda::memcpy_async(&a[threadIdx.x], &g[threadIdx.x], sizeof(float), pipe);
  pipe.producer_commit();
  pipe.consumer_release();
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: consumer_release() on 'pipe' without a consumer_wait() for the stage: it may still be in flight when a producer reuses it [pipeline-protocol]
  pipe.producer_acquire();
  cuda::memcpy_async(&b[threadIdx.x], &g[256 + threadIdx.x], sizeof(float), pipe);
  pipe.producer_commit();
  pipe.consumer_wait();
  pipe.consumer_wait();
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: consumer_wait() on 'pipe' again before consumer_release() of the stage waited for at line {{[0-9]+}}: each stage must be released before the next is waited for [pipeline-protocol]
  out[threadIdx.x] = a[threadIdx.x] + b[threadIdx.x];
  pipe.consumer_release();
}

// Used after quit().
__global__ void after_quit(const float *g, float *out) {
  __shared__ float a[256];
  auto block = cg::this_thread_block();
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
  auto pipe = cuda::make_pipeline(block, &state);
  pipe.producer_acquire();
  cuda::memcpy_async(block, a, g, sizeof(float) * 256, pipe);
  pipe.producer_commit();
  pipe.quit();
  pipe.consumer_wait();
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: 'pipe' is used after quit(): it no longer takes part in the pipeline [pipeline-protocol]
  out[block.thread_rank()] = a[block.thread_rank()];
}

// A stage acquired on one path and never committed there.
__global__ void acquired_not_committed(const float *g, float *out, bool skip) {
  __shared__ float a[256];
  auto pipe = cuda::make_pipeline();
  pipe.producer_acquire();
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: the stage acquired here is never committed: 'pipe' is destroyed without a producer_commit() after this producer_acquire() [pipeline-protocol]
  cuda::memcpy_async(&a[threadIdx.x], &g[threadIdx.x], sizeof(float), pipe);
  if (skip) return;
  pipe.producer_commit();
  pipe.consumer_wait();
  out[threadIdx.x] = a[threadIdx.x];
  pipe.consumer_release();
}

// The primitives: a wait for everything with the copy not committed
// (catalogue F-04); the fix-it commits it.
__global__ void stage4(const float4 *g, float4 *out) {
  __shared__ float4 sh[128];
  __pipeline_memcpy_async(&sh[threadIdx.x], &g[blockIdx.x * 128 + threadIdx.x], sizeof(float4));
  __pipeline_wait_prior(0);
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: '__pipeline_wait_prior(0)' does not wait for the copies issued since the last commit: they are not committed to a batch yet (commit them first, with __pipeline_commit()) [pipeline-protocol]
  out[blockIdx.x * 128 + threadIdx.x] = sh[threadIdx.x];
}

// The protocol broken inside a helper that receives the pipeline.
__device__ void produce(cuda::pipeline<cuda::thread_scope_thread> &pipe, float *dst, const float *src) {
  cuda::memcpy_async(dst, src, sizeof(float), pipe);
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: cuda::memcpy_async() into pipeline 'pipe' outside a stage: {{.*}} [pipeline-protocol]
  pipe.producer_commit();
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: producer_commit() on 'pipe' without a producer_acquire() since the last commit: no stage is acquired [pipeline-protocol]
}
__global__ void helper_without_acquire(const float *g, float *out) {
  __shared__ float a[256];
  auto pipe = cuda::make_pipeline();
  produce(pipe, &a[threadIdx.x], &g[threadIdx.x]);
  pipe.consumer_wait();
  out[threadIdx.x] = a[threadIdx.x];
  pipe.consumer_release();
}
