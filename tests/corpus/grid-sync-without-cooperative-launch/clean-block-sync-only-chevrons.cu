// Tiled matrix transpose with cooperative groups: the only synchronisation
// is the thread block's (block.sync()), so the ordinary <<<>>> launch with
// a 2-D grid is correct.
#include <cooperative_groups.h>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

#define TILE 32

__global__ void transposeCg(const float *in, float *out, int w, int h) {
  __shared__ float tile[TILE][TILE + 1];
  cg::thread_block block = cg::this_thread_block();
  const int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  if (x < w && y < h) tile[threadIdx.y][threadIdx.x] = in[(size_t)y * w + x];
  block.sync();
  const int tx = blockIdx.y * TILE + threadIdx.x, ty = blockIdx.x * TILE + threadIdx.y;
  if (tx < h && ty < w) out[(size_t)ty * h + tx] = tile[threadIdx.x][threadIdx.y];
}

void transpose(const float *in, float *out, int w, int h, cudaStream_t s) {
  dim3 block(TILE, TILE), grid((w + TILE - 1) / TILE, (h + TILE - 1) / TILE);
  transposeCg<<<grid, block, 0, s>>>(in, out, w, h);
}
