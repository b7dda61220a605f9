// Shared-memory histogram over 8-bit keys: each block stages a chunk of
// keys with cuda::memcpy_async on a block barrier. A fast path skips chunks
// whose first key is the padding value, but it tests the staged chunk
// before the barrier's wait, while the copy may still be writing it.
#include <cooperative_groups.h>
#include <cuda/barrier>
namespace cg = cooperative_groups;

constexpr int kChunk = 2048;
constexpr unsigned char kPad = 0xff;

__global__ void histogram256(const unsigned char *__restrict__ keys, int chunks, unsigned *__restrict__ hist) {
  __shared__ __align__(16) unsigned char stage[kChunk];
  __shared__ unsigned bins[256];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  auto block = cg::this_thread_block();
  for (int b = block.thread_rank(); b < 256; b += block.size()) bins[b] = 0;
  if (block.thread_rank() == 0) init(&bar, block.size());
  block.sync();

  for (int c = blockIdx.x; c < chunks; c += gridDim.x) {
    cuda::memcpy_async(block, stage, keys + (size_t)c * kChunk, kChunk, bar);
    if (stage[0] == kPad) { // expect: async-copy-read-before-wait
      bar.arrive_and_wait();
      continue;
    }
    bar.arrive_and_wait();
    for (int i = block.thread_rank(); i < kChunk; i += block.size())
      if (stage[i] != kPad) atomicAdd(&bins[stage[i]], 1u);
    block.sync();
  }
  block.sync();
  for (int b = block.thread_rank(); b < 256; b += block.size())
    if (bins[b]) atomicAdd(&hist[b], bins[b]);
}
