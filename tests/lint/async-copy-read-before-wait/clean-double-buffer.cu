// RUN: %check_warpcheck %s async-copy-read-before-wait
// Multi-buffered pipelines that prefetch stage k+1 while computing on stage
// k: the copy in flight after the wait is always into the other stage.
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda_pipeline.h>

namespace cg = cooperative_groups;

// The guide's double buffer with the primitives: wait_prior(1) completes
// tile i, the prefetch of tile i+1 stays in flight in the other stage.
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

// The same in one flat array, stages at stage * 128, and the stage index
// kept in variables that swap.
__global__ void flat_double_buffer(const float *g, float *out, int tiles) {
  __shared__ float sh[2 * 128];
  int t = threadIdx.x;
  int cur = 0, nxt = 1;
  __pipeline_memcpy_async(&sh[cur * 128 + t], &g[t], sizeof(float));
  __pipeline_commit();
  for (int i = 0; i < tiles; ++i) {
    if (i + 1 < tiles)
      __pipeline_memcpy_async(&sh[nxt * 128 + t], &g[(i + 1) * 128 + t], sizeof(float));
    __pipeline_commit();
    __pipeline_wait_prior(1);
    __syncthreads();
    float acc = 0.f;
    for (int k = 0; k < 128; ++k) acc += sh[cur * 128 + k];
    out[i * 128 + t] = acc;
    __syncthreads();
    int tmp = cur;
    cur = nxt;
    nxt = tmp;
  }
}

// Wait at the top of the loop, prefetch after computing (STAGES - 1 tiles
// ahead), CUTLASS style with small wrappers around the PTX.
template <int N> __device__ __forceinline__ void cp_async_wait() {
  asm volatile("cp.async.wait_group %0;\n" ::"n"(N));
}
__device__ __forceinline__ void cp_async_commit() { asm volatile("cp.async.commit_group;\n" ::); }
__device__ __forceinline__ void cp_async_16(void *smem, const void *gmem) {
  unsigned addr = static_cast<unsigned>(__cvta_generic_to_shared(smem));
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(addr), "l"(gmem));
}

template <int STAGES>
__global__ void multistage(const float4 *a, float4 *out, int ktiles) {
  __shared__ float4 tiles[STAGES][64];
  int t = threadIdx.x;
#pragma unroll
  for (int s = 0; s < STAGES - 1; ++s) {
    if (s < ktiles) cp_async_16(&tiles[s][t], a + s * 64 + t);
    cp_async_commit();
  }
  float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
  for (int k = 0; k < ktiles; ++k) {
    cp_async_wait<STAGES - 2>();
    __syncthreads();
    int next = k + STAGES - 1;
    if (next < ktiles) cp_async_16(&tiles[next % STAGES][t], a + next * 64 + t);
    cp_async_commit();
    float4 v = tiles[k % STAGES][(t + 1) % 64];
    acc.x += v.x, acc.y += v.y, acc.z += v.z, acc.w += v.w;
  }
  out[t] = acc;
}
template __global__ void multistage<3>(const float4 *, float4 *, int);
template __global__ void multistage<4>(const float4 *, float4 *, int);

// Cooperative groups, double buffered with wait_prior<1>.
__global__ void cg_double_buffer(const int *g, int *out, int batches) {
  __shared__ int buf[2][256];
  auto block = cg::this_thread_block();
  cg::memcpy_async(block, buf[0], g, sizeof(int) * 256);
  for (int b = 0; b < batches; ++b) {
    if (b + 1 < batches) {
      cg::memcpy_async(block, buf[(b + 1) % 2], g + (b + 1) * 256, sizeof(int) * 256);
      cg::wait_prior<1>(block);
    } else {
      cg::wait(block);
    }
    out[b * 256 + block.thread_rank()] = buf[b % 2][255 - block.thread_rank()];
    block.sync();
  }
}

// The guide's single-buffer loop: copy, wait, compute, sync.
__global__ void with_async_copy(int *global_out, const int *global_in, size_t batch_sz) {
  auto grid = cg::this_grid();
  auto block = cg::this_thread_block();
  extern __shared__ int shared[];
  for (size_t batch = 0; batch < batch_sz; ++batch) {
    size_t block_batch_idx = block.group_index().x * block.size() + grid.size() * batch;
    cg::memcpy_async(block, shared, global_in + block_batch_idx, sizeof(int) * block.size());
    cg::wait(block);
    global_out[block_batch_idx + block.thread_rank()] = shared[block.size() - 1 - block.thread_rank()];
    block.sync();
  }
}

// Dynamic shared memory carved into a tile being copied and a scratch
// buffer written meanwhile.
__global__ void carve_out(const float *g, float *out, int n) {
  extern __shared__ float smem[];
  float *tile = smem;
  float *scratch = smem + n;
  auto block = cg::this_thread_block();
  cg::memcpy_async(block, tile, g + blockIdx.x * n, sizeof(float) * n);
  scratch[block.thread_rank()] = 0.f;
  cg::wait(block);
  scratch[block.thread_rank()] += tile[block.thread_rank()];
  out[blockIdx.x * n + block.thread_rank()] = scratch[block.thread_rank()];
}

// Prefetching the next tile from the array the kernel updates in place:
// the copy reads tile i+1, the store writes tile i.
__global__ void in_place(float *data, int tiles) {
  __shared__ float buf[2][256];
  int t = threadIdx.x;
  __pipeline_memcpy_async(&buf[0][t], &data[t], sizeof(float));
  __pipeline_commit();
  for (int i = 0; i < tiles; ++i) {
    if (i + 1 < tiles) __pipeline_memcpy_async(&buf[(i + 1) % 2][t], &data[(i + 1) * 256 + t], sizeof(float));
    __pipeline_commit();
    __pipeline_wait_prior(1);
    data[i * 256 + t] = 2.f * buf[i % 2][t];
  }
}
