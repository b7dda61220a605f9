// Row-wise L2 normalisation of long rows streamed through a two-stage
// block-scope cuda::pipeline with shared state: every thread produces and
// consumes. Each consumer_wait() completes the oldest stage, which is the
// one read; the next chunk is only acquired after the stage is released.
#include <cooperative_groups.h>
#include <cuda/pipeline>
namespace cg = cooperative_groups;

constexpr int kStages = 2;
constexpr int kChunk = 512;

__global__ void row_sumsq(const float *__restrict__ x, float *__restrict__ norms, int cols) {
  __shared__ float stage[kStages][kChunk];
  __shared__ float red[kChunk];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, kStages> state;
  auto block = cg::this_thread_block();
  auto pipe = cuda::make_pipeline(block, &state);
  const int t = block.thread_rank();  // blockDim.x == kChunk
  const float *row = x + (size_t)blockIdx.x * cols;
  const int chunks = cols / kChunk;

  int fetched = 0;
  for (; fetched < kStages && fetched < chunks; ++fetched) {
    pipe.producer_acquire();
    cuda::memcpy_async(block, stage[fetched % kStages], row + fetched * kChunk, sizeof(float) * kChunk, pipe);
    pipe.producer_commit();
  }
  float acc = 0.f;
  for (int c = 0; c < chunks; ++c) {
    pipe.consumer_wait();
    const float v = stage[c % kStages][t];
    acc += v * v;
    pipe.consumer_release();
    if (fetched < chunks) {
      pipe.producer_acquire();
      cuda::memcpy_async(block, stage[fetched % kStages], row + fetched * kChunk, sizeof(float) * kChunk, pipe);
      pipe.producer_commit();
      ++fetched;
    }
  }
  red[t] = acc;
  block.sync();
  for (int s = kChunk / 2; s > 0; s >>= 1) {
    if (t < s) red[t] += red[t + s];
    block.sync();
  }
  if (t == 0) norms[blockIdx.x] = sqrtf(red[0]);
}
