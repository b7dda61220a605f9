// Two-pass row statistics (mean, variance) with the barrier set-up in a
// helper. The helper initialises from thread 0 only and publishes the init
// with a block barrier before returning, so every caller can arrive right
// after it.
#include <cooperative_groups.h>
#include <cuda/barrier>

namespace cg = cooperative_groups;
using barrier = cuda::barrier<cuda::thread_scope_block>;

__device__ void make_block_barrier(cg::thread_block block, barrier &bar) {
  if (block.thread_rank() == 0) init(&bar, block.size());
  block.sync();
}

__device__ float reduce_sum(cg::thread_block block, barrier &bar, float *scratch, float v) {
  const unsigned t = block.thread_rank();
  scratch[t] = v;
  bar.arrive_and_wait();
  for (unsigned s = block.size() / 2; s > 0; s >>= 1) {
    if (t < s) scratch[t] += scratch[t + s];
    bar.arrive_and_wait();
  }
  const float r = scratch[0];
  bar.arrive_and_wait();
  return r;
}

__global__ void row_stats(const float *__restrict__ x, float2 *__restrict__ stats, int cols) {
  __shared__ barrier bar;
  __shared__ float scratch[1024];
  auto block = cg::this_thread_block();
  make_block_barrier(block, bar);

  const float *row = x + (size_t)blockIdx.x * cols;
  float s = 0.f;
  for (int c = block.thread_rank(); c < cols; c += block.size()) s += row[c];
  const float mean = reduce_sum(block, bar, scratch, s) / cols;
  float d = 0.f;
  for (int c = block.thread_rank(); c < cols; c += block.size()) d += (row[c] - mean) * (row[c] - mean);
  const float var = reduce_sum(block, bar, scratch, d) / cols;
  if (block.thread_rank() == 0) stats[blockIdx.x] = make_float2(mean, var);
}
