// Guide-style tiled compute with cuda::memcpy_async on a block-scope
// barrier: the whole block copies each tile of the input into shared memory
// and waits on the barrier before using it. The count is the constant 256,
// which is exactly the block size every launch in this file uses.
#include <cooperative_groups.h>
#include <cuda/barrier>

namespace cg = cooperative_groups;
using barrier = cuda::barrier<cuda::thread_scope_block>;

constexpr int kThreads = 256;
constexpr int kTile = 1024;

__device__ float smooth(const float *tile, int i) {
  const float l = i > 0 ? tile[i - 1] : tile[i];
  const float r = i + 1 < kTile ? tile[i + 1] : tile[i];
  return 0.25f * l + 0.5f * tile[i] + 0.25f * r;
}

__global__ void smooth_tiles(const float *__restrict__ in, float *__restrict__ out, int tiles) {
  __shared__ alignas(16) float tile[kTile];
  __shared__ barrier bar;
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0) init(&bar, kThreads);
  block.sync();

  for (int t = blockIdx.x; t < tiles; t += gridDim.x) {
    cuda::memcpy_async(block, tile, in + (size_t)t * kTile, sizeof(float) * kTile, bar);
    bar.arrive_and_wait();
    for (int i = block.thread_rank(); i < kTile; i += kThreads) out[(size_t)t * kTile + i] = smooth(tile, i);
    bar.arrive_and_wait();  // tile is free before the next copy lands in it
  }
}

void run_smooth(const float *in, float *out, int tiles, cudaStream_t s) {
  const int blocks = tiles < 264 ? tiles : 264;
  smooth_tiles<<<blocks, kThreads, 0, s>>>(in, out, tiles);
}
