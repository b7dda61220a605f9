// RUN: %check_warpcheck %s async-copy-read-before-wait
// buggy.cu with each copy completed before its data is used.
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cuda_pipeline.h>

namespace cg = cooperative_groups;

__global__ void stage(const int *g, int *out) {
  extern __shared__ int sh[];
  auto block = cg::this_thread_block();
  cg::memcpy_async(block, sh, g + blockIdx.x * block.size(), sizeof(int) * block.size());
  cg::wait(block);
  out[blockIdx.x * block.size() + block.thread_rank()] = sh[block.thread_rank()] * 2;
}

__global__ void commit_then_read(const float4 *g, float4 *out) {
  __shared__ float4 sh[128];
  __pipeline_memcpy_async(&sh[threadIdx.x], &g[blockIdx.x * 128 + threadIdx.x], sizeof(float4));
  __pipeline_commit();
  __pipeline_wait_prior(0);
  float4 v = sh[threadIdx.x];
  out[blockIdx.x * 128 + threadIdx.x] = v;
}

__global__ void no_commit(const float4 *g, float4 *out) {
  __shared__ float4 sh[128];
  __pipeline_memcpy_async(&sh[threadIdx.x], &g[blockIdx.x * 128 + threadIdx.x], sizeof(float4));
  __pipeline_commit();
  __pipeline_wait_prior(0);
  out[blockIdx.x * 128 + threadIdx.x] = sh[threadIdx.x];
}

__global__ void double_buffer(const float4 *g, float4 *out, int tiles) {
  __shared__ float4 buf[2][128];
  int t = threadIdx.x;
  __pipeline_memcpy_async(&buf[0][t], &g[t], sizeof(float4));
  __pipeline_commit();
  for (int i = 0; i < tiles; ++i) {
    if (i + 1 < tiles)
      __pipeline_memcpy_async(&buf[(i + 1) & 1][t], &g[(i + 1) * 128 + t], sizeof(float4));
    __pipeline_commit();
    __pipeline_wait_prior(1);
    out[i * 128 + t] = buf[i & 1][t];
  }
}

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
  float x = a[threadIdx.x];
  pipe.consumer_release();
  pipe.consumer_wait();
  out[threadIdx.x] = x + b[threadIdx.x];
  pipe.consumer_release();
}

__global__ void barrier_tracked(const int *g, int *out) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  __shared__ int sh[256];
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0) init(&bar, block.size());
  block.sync();
  cuda::memcpy_async(block, sh, g + blockIdx.x * 256, sizeof(int) * 256, bar);
  bar.arrive_and_wait();
  int first = sh[0];
  out[blockIdx.x * 256 + block.thread_rank()] = sh[block.thread_rank()] + first;
}

__device__ __forceinline__ unsigned smem_addr(const void *p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}
__global__ void ptx_copy(const float4 *g, float4 *out) {
  __shared__ float4 tile[128];
  unsigned dst = smem_addr(&tile[threadIdx.x]);
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(dst), "l"(g + threadIdx.x));
  asm volatile("cp.async.commit_group;\n" ::);
  asm volatile("cp.async.wait_group 0;\n" ::);
  out[threadIdx.x] = tile[threadIdx.x];
}

__global__ void clear_too_early(const int *g, int *out) {
  __shared__ int sh[256];
  auto block = cg::this_thread_block();
  cg::memcpy_async(block, sh, g, sizeof(int) * 256);
  cg::wait(block);
  int v = sh[block.thread_rank()];
  block.sync();
  sh[block.thread_rank()] = 0;
  out[block.thread_rank()] = v;
}

__global__ void consume_and_clear(int *g, int *out) {
  extern __shared__ int sh[];
  auto block = cg::this_thread_block();
  size_t base = blockIdx.x * block.size();
  cg::memcpy_async(block, sh, g + base, sizeof(int) * block.size());
  cg::wait(block);
  g[base + block.thread_rank()] = 0;
  out[base + block.thread_rank()] = sh[block.thread_rank()];
}

__device__ void load_row(float *row, const float *src) {
  __pipeline_memcpy_async(row + threadIdx.x, src + threadIdx.x, sizeof(float));
  __pipeline_commit();
}
__global__ void through_helper(const float *g, float *out) {
  __shared__ float row[256];
  load_row(row, g + blockIdx.x * 256);
  __pipeline_wait_prior(0);
  out[blockIdx.x * 256 + threadIdx.x] = row[threadIdx.x];
}
