// Matrix transpose through a 32x33 shared tile with a 1-D block of 256
// threads: each thread handles column `tx = threadIdx.x % 32` of rows
// `ty, ty + 8, ...`. 32 is the tile width here, not the warp size: no warp
// function runs, and the result does not depend on how threads are grouped
// into wavefronts.
#include <hip/hip_runtime.h>

#define TILE 32
#define BLOCK_ROWS 8

__global__ void transposeTiled(const float *__restrict__ in, float *__restrict__ out, int width, int height) {
  __shared__ float tile[TILE][TILE + 1];
  const int tx = threadIdx.x % TILE;
  const int ty = threadIdx.x / TILE;

  int x = blockIdx.x * TILE + tx;
  int y = blockIdx.y * TILE + ty;
  for (int j = 0; j < TILE; j += BLOCK_ROWS)
    if (x < width && y + j < height) tile[ty + j][tx] = in[(size_t)(y + j) * width + x];
  __syncthreads();

  x = blockIdx.y * TILE + tx;
  y = blockIdx.x * TILE + ty;
  for (int j = 0; j < TILE; j += BLOCK_ROWS)
    if (x < height && y + j < width) out[(size_t)(y + j) * height + x] = tile[tx][ty + j];
}

void transpose(const float *in, float *out, int width, int height, hipStream_t s) {
  dim3 grid((width + TILE - 1) / TILE, (height + TILE - 1) / TILE);
  hipLaunchKernelGGL(transposeTiled, grid, dim3(TILE * BLOCK_ROWS), 0, s, in, out, width, height);
}
