// RUN: %check_warpcheck %s async-copy-read-before-wait
// Shared memory read or written while an asynchronous copy may still be
// writing it, and a copy's source modified while it may still be read.
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cuda_pipeline.h>

namespace cg = cooperative_groups;

// A block-wide copy read before cg::wait (catalogue F-01).
__global__ void stage(const int *g, int *out) {
  extern __shared__ int sh[];
  auto block = cg::this_thread_block();
  cg::memcpy_async(block, sh, g + blockIdx.x * block.size(), sizeof(int) * block.size());
  out[blockIdx.x * block.size() + block.thread_rank()] = sh[block.thread_rank()] * 2;
// CHECK-MESSAGES: :[[@LINE-1]]:58: error: 'sh[block.thread_rank()]' is read while an asynchronous copy into it may still be in flight: nothing waits for it first (cooperative_groups::wait() or wait_prior<N>()) [async-copy-read-before-wait]
  cg::wait(block);
}

// Committed, but the wait comes after the read.
__global__ void commit_then_read(const float4 *g, float4 *out) {
  __shared__ float4 sh[128];
  __pipeline_memcpy_async(&sh[threadIdx.x], &g[blockIdx.x * 128 + threadIdx.x], sizeof(float4));
  __pipeline_commit();
  float4 v = sh[threadIdx.x];
// CHECK-MESSAGES: :[[@LINE-1]]:14: error: 'sh[threadIdx.x]' is read while an asynchronous copy into it may still be in flight: nothing waits for it first (__pipeline_wait_prior()) [async-copy-read-before-wait]
  __pipeline_wait_prior(0);
  out[blockIdx.x * 128 + threadIdx.x] = v;
}

// Never committed: the wait does not cover the copy (catalogue F-04).
__global__ void no_commit(const float4 *g, float4 *out) {
  __shared__ float4 sh[128];
  __pipeline_memcpy_async(&sh[threadIdx.x], &g[blockIdx.x * 128 + threadIdx.x], sizeof(float4));
  __pipeline_wait_prior(0);
  out[blockIdx.x * 128 + threadIdx.x] = sh[threadIdx.x];
// CHECK-MESSAGES: :[[@LINE-1]]:41: error: 'sh[threadIdx.x]' is read while an asynchronous copy into it may still be in flight: the copy is not committed to a batch, so '__pipeline_wait_prior(0)' does not wait for it [async-copy-read-before-wait]
}

// wait_prior(2) leaves the tile about to be read in flight (catalogue F-05).
__global__ void double_buffer(const float4 *g, float4 *out, int tiles) {
  __shared__ float4 buf[2][128];
  int t = threadIdx.x;
  __pipeline_memcpy_async(&buf[0][t], &g[t], sizeof(float4));
  __pipeline_commit();
  for (int i = 0; i < tiles; ++i) {
    if (i + 1 < tiles)
      __pipeline_memcpy_async(&buf[(i + 1) & 1][t], &g[(i + 1) * 128 + t], sizeof(float4));
    __pipeline_commit();
    __pipeline_wait_prior(2);
    out[i * 128 + t] = buf[i & 1][t];
// CHECK-MESSAGES: :[[@LINE-1]]:24: error: 'buf[i & 1][t]' is read while an asynchronous copy into it may still be in flight: '__pipeline_wait_prior(2)' leaves the 2 most recently committed batches in flight, and the copy is in one of them [async-copy-read-before-wait]
  }
}

// consumer_wait() completes the oldest stage only: the second one is read too early.
__global__ void two_stages(const float *g, float *out) {
  __shared__ float a[256], b[256];
  auto pipe = cuda::make_pipeline();
  pipe.producer_acquire();
  cuda::memcpy_async(&a[threadIdx.x], &g[threadIdx.x], sizeof(float), pipe);
  pipe.producer_commit();
  pipe.producer_acquire();
  cuda::memcpy_async(&b[threadIdx.x], &g[256 + threadIdx.x], sizeof(float), pipe);
  pipe.producer_commit();
  pipe.consumer_wait();
  out[threadIdx.x] = a[threadIdx.x] + b[threadIdx.x];
// CHECK-MESSAGES: :[[@LINE-1]]:39: error: 'b[threadIdx.x]' is read while an asynchronous copy into it may still be in flight: 'pipe.consumer_wait()' waits only for the oldest stage, and the copy belongs to a later one [async-copy-read-before-wait]
  pipe.consumer_release();
}

// A copy tracked by a cuda::barrier, read before the barrier's wait.
__global__ void barrier_tracked(const int *g, int *out) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  __shared__ int sh[256];
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0) init(&bar, block.size());
  block.sync();
  cuda::memcpy_async(block, sh, g + blockIdx.x * 256, sizeof(int) * 256, bar);
  int first = sh[0];
// CHECK-MESSAGES: :[[@LINE-1]]:15: error: 'sh[0]' is read while an asynchronous copy into it may still be in flight: nothing waits on 'bar' (wait() or arrive_and_wait()) between the copy and this access [async-copy-read-before-wait]
  bar.arrive_and_wait();
  out[blockIdx.x * 256 + block.thread_rank()] = sh[block.thread_rank()] + first;
}

// Inline PTX: one group committed, and wait_group 1 leaves it in flight.
__device__ __forceinline__ unsigned smem_addr(const void *p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}
__global__ void ptx_copy(const float4 *g, float4 *out) {
  __shared__ float4 tile[128];
  unsigned dst = smem_addr(&tile[threadIdx.x]);
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(dst), "l"(g + threadIdx.x));
  asm volatile("cp.async.commit_group;\n" ::);
  asm volatile("cp.async.wait_group 1;\n" ::);
  out[threadIdx.x] = tile[threadIdx.x];
// CHECK-MESSAGES: :[[@LINE-1]]:22: error: 'tile[threadIdx.x]' is read while an asynchronous copy into it may still be in flight: 'cp.async.wait_group 1' leaves the most recently committed batch in flight, and the copy is in it [async-copy-read-before-wait]
}

// Clearing the destination while the copy may still land in it.
__global__ void clear_too_early(const int *g, int *out) {
  __shared__ int sh[256];
  auto block = cg::this_thread_block();
  cg::memcpy_async(block, sh, g, sizeof(int) * 256);
  sh[block.thread_rank()] = 0;
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: 'sh[block.thread_rank()]' is written while an asynchronous copy into it may still be in flight: {{.*}} [async-copy-read-before-wait]
  cg::wait(block);
  out[block.thread_rank()] = sh[block.thread_rank()];
}

// The source overwritten while the copy may still read it (catalogue F-02).
__global__ void consume_and_clear(int *g, int *out) {
  extern __shared__ int sh[];
  auto block = cg::this_thread_block();
  size_t base = blockIdx.x * block.size();
  cg::memcpy_async(block, sh, g + base, sizeof(int) * block.size());
  g[base + block.thread_rank()] = 0;
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: 'g[base + block.thread_rank()]' is modified while an asynchronous copy may still be reading it: nothing waits for it first (cooperative_groups::wait() or wait_prior<N>()) [async-copy-read-before-wait]
  cg::wait(block);
  out[base + block.thread_rank()] = sh[block.thread_rank()];
}

// A helper issues and commits the copy; its caller reads without waiting.
__device__ void load_row(float *row, const float *src) {
  __pipeline_memcpy_async(row + threadIdx.x, src + threadIdx.x, sizeof(float));
  __pipeline_commit();
}
__global__ void through_helper(const float *g, float *out) {
  __shared__ float row[256];
  load_row(row, g + blockIdx.x * 256);
  out[blockIdx.x * 256 + threadIdx.x] = row[threadIdx.x];
// CHECK-MESSAGES: :[[@LINE-1]]:41: error: 'row[threadIdx.x]' is read while an asynchronous copy into it may still be in flight: nothing waits for it first (__pipeline_wait_prior()) [async-copy-read-before-wait]
  __pipeline_wait_prior(0);
}
