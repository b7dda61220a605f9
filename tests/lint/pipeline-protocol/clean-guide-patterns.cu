// RUN: %check_warpcheck %s pipeline-protocol
// The guide's pipeline patterns and their usual variations.
#include <cooperative_groups.h>
#include <cuda/pipeline>
#include <cuda_pipeline.h>

namespace cg = cooperative_groups;

__device__ void compute(int *global_out, const int *shared_in) { global_out[threadIdx.x] = shared_in[threadIdx.x]; }

// The guide's multi-stage example: the inner loop keeps the pipeline full;
// the first consumer_wait() always has a committed stage, though the
// analysis only knows that through the two loop conditions.
template <size_t stages_count = 2>
__global__ void with_staging(int *global_out, const int *global_in, size_t size, size_t batch_sz) {
  auto grid = cg::this_grid();
  auto block = cg::this_thread_block();
  extern __shared__ int shared[];
  size_t shared_offset[stages_count];
  for (int s = 0; s < stages_count; ++s) shared_offset[s] = s * block.size();
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope::thread_scope_block, stages_count> shared_state;
  auto pipeline = cuda::make_pipeline(block, &shared_state);
  auto block_batch = [&](size_t batch) -> int { return block.group_index().x * block.size() + grid.size() * batch; };
  for (size_t compute_batch = 0, fetch_batch = 0; compute_batch < batch_sz; ++compute_batch) {
    for (; fetch_batch < batch_sz && fetch_batch < (compute_batch + stages_count); ++fetch_batch) {
      pipeline.producer_acquire();
      size_t shared_idx = fetch_batch % stages_count;
      cuda::memcpy_async(block, shared + shared_offset[shared_idx], global_in + block_batch(fetch_batch),
                         sizeof(int) * block.size(), pipeline);
      pipeline.producer_commit();
    }
    pipeline.consumer_wait();
    int shared_idx = compute_batch % stages_count;
    compute(global_out + block_batch(compute_batch), shared + shared_offset[shared_idx]);
    pipeline.consumer_release();
  }
}
template __global__ void with_staging<2>(int *, const int *, size_t, size_t);
template __global__ void with_staging<3>(int *, const int *, size_t, size_t);

// Producer and consumer roles: each thread follows only its half.
__global__ void roles(const float *in, float *out, int tiles) {
  __shared__ float stage[2][128];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
  auto block = cg::this_thread_block();
  bool producer = block.thread_rank() < 32;
  auto pipe = cuda::make_pipeline(block, &state, producer ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer);
  for (int t = 0; t < tiles; ++t) {
    if (producer) {
      pipe.producer_acquire();
      for (int i = block.thread_rank(); i < 128; i += 32)
        cuda::memcpy_async(&stage[t % 2][i], in + t * 128 + i, sizeof(float), pipe);
      pipe.producer_commit();
    } else {
      pipe.consumer_wait();
      int i = block.thread_rank() - 32;
      if (i < 128) out[t * 128 + i] = stage[t % 2][i];
      pipe.consumer_release();
    }
  }
}

// A pipeline passed to helpers that each do one half of the protocol.
__device__ void fetch(cuda::pipeline<cuda::thread_scope_thread> &pipe, float *dst, const float *src) {
  pipe.producer_acquire();
  cuda::memcpy_async(dst, src, sizeof(float), pipe);
  pipe.producer_commit();
}
__device__ float take(cuda::pipeline<cuda::thread_scope_thread> &pipe, const float *src) {
  pipe.consumer_wait();
  float v = *src;
  pipe.consumer_release();
  return v;
}
__global__ void helpers(const float *g, float *out, int n) {
  __shared__ float buf[2][256];
  auto pipe = cuda::make_pipeline();
  int t = threadIdx.x;
  if (n > 0) fetch(pipe, &buf[0][t], &g[t]);
  for (int i = 0; i < n; ++i) {
    if (i + 1 < n) fetch(pipe, &buf[(i + 1) % 2][t], &g[(i + 1) * 256 + t]);
    out[i * 256 + t] = take(pipe, &buf[i % 2][t]);
  }
}

// Primitives: the copies of a batch committed before the wait for all.
__global__ void primitives(const float4 *g, float4 *out, int tiles) {
  __shared__ float4 buf[2][64];
  int t = threadIdx.x;
  for (int i = 0; i < tiles; ++i) {
    __pipeline_memcpy_async(&buf[i % 2][t], &g[i * 64 + t], sizeof(float4));
    __pipeline_commit();
    __pipeline_wait_prior(0);
    out[i * 64 + t] = buf[i % 2][t];
  }
}

// A scoped pipeline whose stage is committed before it goes out of scope.
__global__ void scoped(const float *g, float *out) {
  __shared__ float a[256];
  {
    auto pipe = cuda::make_pipeline();
    pipe.producer_acquire();
    cuda::memcpy_async(&a[threadIdx.x], &g[threadIdx.x], sizeof(float), pipe);
    pipe.producer_commit();
    pipe.consumer_wait();
    pipe.consumer_release();
  }
  out[threadIdx.x] = a[threadIdx.x];
}
