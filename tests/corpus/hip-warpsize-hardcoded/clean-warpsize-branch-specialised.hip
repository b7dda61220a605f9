// Population count of a bit matrix row by row, with a fast path per
// wavefront size: the kernel tests warpSize at run time and uses 32-lane
// or 64-lane arithmetic in the matching branch. The `& 31` and the shuffle
// loop from 16 sit under `if (warpSize == 32)`, where they are right.
#include <hip/hip_runtime.h>

__global__ void rowPopcount(const unsigned long long *bits, int wordsPerRow, int rows, int *counts) {
  const int row = blockIdx.x;
  if (row >= rows) return;
  const unsigned long long *r = bits + (size_t)row * wordsPerRow;
  int c = 0;
  for (int w = threadIdx.x; w < wordsPerRow; w += blockDim.x) c += __popcll(r[w]);

  __shared__ int partial[1024 / 32];
  if (warpSize == 32) {
    const int lane = threadIdx.x & 31;
    for (int o = 16; o > 0; o /= 2) c += __shfl_down(c, o);
    if (lane == 0) partial[threadIdx.x >> 5] = c;
  } else {
    const int lane = threadIdx.x & 63;
    for (int o = 32; o > 0; o /= 2) c += __shfl_down(c, o);
    if (lane == 0) partial[threadIdx.x >> 6] = c;
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    int total = 0;
    for (int w = 0; w < (int)(blockDim.x + warpSize - 1) / warpSize; ++w) total += partial[w];
    counts[row] = total;
  }
}
