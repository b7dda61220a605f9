// Two concurrently running kernels (launched on different streams) that
// pipeline a stencil: the producer kernel writes row blocks of the first
// pass and raises a per-row-block flag; the consumer kernel spins on the
// flag and applies the second pass. The producer stores the flag (a
// volatile store) right after the data, with no fence in between, and the
// consumer reads the rows with no fence after seeing the flag.
#include <cuda_runtime.h>

#define ROWS_PER_BLOCK 8

__global__ void passOne(const float *in, float *mid, volatile int *rowReady, int width) {
  const int r0 = blockIdx.x * ROWS_PER_BLOCK;
  for (int r = r0; r < r0 + ROWS_PER_BLOCK; ++r)
    for (int c = threadIdx.x; c < width; c += blockDim.x) {
      const float *row = in + (size_t)r * width;
      mid[(size_t)r * width + c] = 0.5f * row[c] + 0.25f * (row[max(c - 1, 0)] + row[min(c + 1, width - 1)]);
    }
  __syncthreads();
  if (threadIdx.x == 0) rowReady[blockIdx.x] = 1; // expect: fence-missing
}

__global__ void passTwo(const float *mid, float *out, volatile int *rowReady, int width, int rowBlocks) {
  const int b = blockIdx.x;
  if (threadIdx.x == 0) {
    while (rowReady[b] == 0) {
    }
    if (b + 1 < rowBlocks)
      while (rowReady[b + 1] == 0) {
      }
  }
  __syncthreads();
  const int r0 = b * ROWS_PER_BLOCK;
  const int last = rowBlocks * ROWS_PER_BLOCK - 1;
  for (int r = r0; r < r0 + ROWS_PER_BLOCK; ++r)
    for (int c = threadIdx.x; c < width; c += blockDim.x)
      out[(size_t)r * width + c] =
          0.5f * mid[(size_t)r * width + c] + 0.5f * mid[(size_t)min(r + 1, last) * width + c]; // expect: fence-missing
}
