// 1-D convolution over input chunks, double-buffered with one cuda::barrier
// per stage: a chunk's copy is tracked by its stage's barrier, and the
// block waits on that barrier before reading the chunk.
#include <cooperative_groups.h>
#include <cuda/barrier>
namespace cg = cooperative_groups;

constexpr int kChunk = 512;
constexpr int kTaps = 9;

__global__ void conv1d_chunks(const float* __restrict__ x, const float* __restrict__ taps, float* __restrict__ y,
                              int chunks) {
  __shared__ __align__(16) float buf[2][kChunk + kTaps - 1];
  __shared__ cuda::barrier<cuda::thread_scope_block> ready[2];
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0) {
    init(&ready[0], block.size());
    init(&ready[1], block.size());
  }
  block.sync();

  const float* src = x + (size_t)blockIdx.x * chunks * kChunk;
  cuda::memcpy_async(block, buf[0], src, sizeof(float) * (kChunk + kTaps - 1), ready[0]);
  for (int c = 0; c < chunks; ++c) {
    int s = c % 2;
    if (c + 1 < chunks)
      cuda::memcpy_async(block, buf[1 - s], src + (c + 1) * kChunk, sizeof(float) * (kChunk + kTaps - 1), ready[1 - s]);
    ready[s].arrive_and_wait();
    for (int i = block.thread_rank(); i < kChunk; i += block.size()) {
      float acc = 0.f;
#pragma unroll
      for (int k = 0; k < kTaps; ++k) acc += taps[k] * buf[s][i + k];
      y[((size_t)blockIdx.x * chunks + c) * kChunk + i] = acc;
    }
    block.sync(); // the chunk is free before it is refilled
  }
}
