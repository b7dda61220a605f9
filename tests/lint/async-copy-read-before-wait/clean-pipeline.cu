// RUN: %check_warpcheck %s async-copy-read-before-wait
// cuda::pipeline and cuda::barrier completion, used as the guide uses them.
#include <cooperative_groups.h>
#include <cuda/barrier>
#include <cuda/pipeline>

namespace cg = cooperative_groups;

__device__ void compute(int *global_out, const int *shared_in) {
  global_out[threadIdx.x] = shared_in[threadIdx.x] + shared_in[0];
}

// The guide's multi-stage pipeline (block scope, shared state): the inner
// loop keeps the pipeline full, consumer_wait() completes the oldest stage.
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
      size_t block_batch_idx = block_batch(fetch_batch);
      cuda::memcpy_async(block, shared + shared_offset[shared_idx], global_in + block_batch_idx,
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

// A thread-scope pipeline, two stages in flight, each read after its wait.
__global__ void thread_scope(const float *g, float *out, int n) {
  __shared__ float buf[2][256];
  auto pipe = cuda::make_pipeline();
  int t = threadIdx.x;
  for (int s = 0; s < 2 && s < n; ++s) {
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[s][t], &g[s * 256 + t], sizeof(float), pipe);
    pipe.producer_commit();
  }
  for (int i = 0; i < n; ++i) {
    if (i + 1 < n)
      cuda::pipeline_consumer_wait_prior<1>(pipe); // stage i+1 may stay in flight
    else
      cuda::pipeline_consumer_wait_prior<0>(pipe);
    out[i * 256 + t] = buf[i % 2][t];
    pipe.consumer_release();
    if (i + 2 < n) {
      pipe.producer_acquire();
      cuda::memcpy_async(&buf[i % 2][t], &g[(i + 2) * 256 + t], sizeof(float), pipe);
      pipe.producer_commit();
    }
  }
}

// One barrier per stage: waiting on the stage's barrier completes its copy;
// the other stage's copy stays in flight.
__global__ void barrier_per_stage(const int *g, int *out, int tiles) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar[2];
  __shared__ int buf[2][256];
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0) {
    init(&bar[0], block.size());
    init(&bar[1], block.size());
  }
  block.sync();
  cuda::memcpy_async(block, buf[0], g, sizeof(int) * 256, bar[0]);
  for (int i = 0; i < tiles; ++i) {
    if (i + 1 < tiles)
      cuda::memcpy_async(block, buf[(i + 1) % 2], g + (i + 1) * 256, sizeof(int) * 256, bar[(i + 1) % 2]);
    bar[i % 2].arrive_and_wait();
    out[i * 256 + block.thread_rank()] = buf[i % 2][block.thread_rank()];
    block.sync();
  }
}

// Split arrive/wait: independent work between arrive and wait, the copied
// data only after the wait.
__global__ void split_phase(const int *g, int *out) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  __shared__ int sh[256];
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0) init(&bar, block.size());
  block.sync();
  cuda::memcpy_async(block, sh, g, sizeof(int) * 256, bar);
  auto token = bar.arrive();
  int own = g[256 + block.thread_rank()] * 2;
  bar.wait(std::move(token));
  out[block.thread_rank()] = sh[block.thread_rank()] + own;
}
