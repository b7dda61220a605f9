// Persistent tile scheduler with a per-block asynchronous barrier. Thread 0
// pulls the next tile index and the block reads it from shared memory after
// the barrier, so the `t >= tiles` exit is taken by the whole block at once:
// no thread stays behind waiting for arrivals that never come. Blocks that
// have no tile at all return before the barrier is even initialised.
#include <cuda/barrier>

using barrier = cuda::barrier<cuda::thread_scope_block>;

constexpr int kTileElems = 2048;

__global__ void persistent_axpy(float *y, const float *x, float a, int tiles, int *next_tile) {
  if (blockIdx.x >= tiles) return;  // more blocks than tiles: whole blocks leave
  __shared__ barrier bar;
  __shared__ int tile;
  if (threadIdx.x == 0) {
    init(&bar, blockDim.x);
    tile = blockIdx.x;
  }
  __syncthreads();

  for (;;) {
    const int t = tile;
    bar.arrive_and_wait();  // everyone has read `tile` before thread 0 overwrites it
    if (t >= tiles) break;
    for (int i = threadIdx.x; i < kTileElems; i += blockDim.x) {
      const size_t k = (size_t)t * kTileElems + i;
      y[k] = a * x[k] + y[k];
    }
    if (threadIdx.x == 0) tile = gridDim.x + atomicAdd(next_tile, 1);
    bar.arrive_and_wait();
  }
}
