// Batched small-matrix transpose-and-scale with cooperative groups. A
// helper stages a 32x32 tile into shared memory and synchronises the block
// when the caller says the tile is "live"; the kernel passes a per-thread
// flag (whether this thread's row exists in a ragged batch) instead of a
// per-block one. Threads of a short matrix's missing rows skip block.sync()
// inside the helper while the rest of the block waits there.

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

#define T 32

__device__ void stageTile(cg::thread_block block, float (*tile)[T + 1], const float *src, int ld, bool live) {
  if (live) {
    for (int c = threadIdx.x; c < T; c += blockDim.x) tile[threadIdx.y][c] = src[threadIdx.y * ld + c];
    block.sync();
  }
}

__global__ void transposeScale(const float *__restrict__ in, float *__restrict__ out,
                               const int *__restrict__ rowsOf, float alpha) {
  __shared__ float tile[T][T + 1];
  cg::thread_block block = cg::this_thread_block();
  const int m = blockIdx.x;  // one matrix of up to 32 x 32 per block; blockDim = (32, 32)
  const int rows = rowsOf[m];
  const float *src = in + (size_t)m * T * T;
  stageTile(block, tile, src, T, threadIdx.y < rows);  // expect: barrier-divergent
  if (threadIdx.x < rows)
    out[(size_t)m * T * T + threadIdx.y * T + threadIdx.x] = alpha * tile[threadIdx.x][threadIdx.y];
}
