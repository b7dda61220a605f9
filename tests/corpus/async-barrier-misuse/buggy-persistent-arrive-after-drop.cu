// Persistent tile scheduler: each block pulls tile indices from a global
// counter (thread 0 fetches, the block reads it from shared memory). When the
// work runs out every thread leaves the barrier with arrive_and_drop(), but
// the epilogue that flushes the block's accumulated statistics arrives on
// the same barrier again: an arrival after the thread's own drop.
#include <cuda/barrier>

using barrier = cuda::barrier<cuda::thread_scope_block>;

constexpr int kTileElems = 1024;

__global__ void persistent_scale(float *data, int tiles, int *next_tile, float scale, float *block_max) {
  __shared__ barrier bar;
  __shared__ int tile;
  __shared__ float tile_max[kTileElems / 4];
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();

  float local_max = 0.f;
  for (;;) {
    if (threadIdx.x == 0) tile = atomicAdd(next_tile, 1);
    bar.arrive_and_wait();
    const int t = tile;
    if (t >= tiles) {
      bar.arrive_and_drop();
      break;
    }
    for (int i = threadIdx.x; i < kTileElems; i += blockDim.x) {
      float v = data[(size_t)t * kTileElems + i] * scale;
      data[(size_t)t * kTileElems + i] = v;
      local_max = fmaxf(local_max, fabsf(v));
    }
    bar.arrive_and_wait();
  }

  tile_max[threadIdx.x] = local_max;
  bar.arrive_and_wait(); // expect: async-barrier-misuse
  if (threadIdx.x == 0) {
    float m = 0.f;
    for (int i = 0; i < (int)blockDim.x; ++i) m = fmaxf(m, tile_max[i]);
    block_max[blockIdx.x] = m;
  }
}
