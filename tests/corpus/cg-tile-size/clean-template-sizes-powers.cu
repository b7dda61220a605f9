// Generic "threads per row" max reduction with the runtime-sized tile, the
// size a template parameter: only supported sizes are instantiated (4, 8,
// 32), picked by the host from the row length.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

template <int ThreadsPerRow>
__global__ void row_max(const float *__restrict__ x, float *__restrict__ out, int rows) {
  __shared__ float red[256];
  cg::thread_group g = cg::tiled_partition(cg::this_thread_block(), ThreadsPerRow);
  const int row = (blockIdx.x * blockDim.x + threadIdx.x) / ThreadsPerRow;
  const int c = g.thread_rank();
  red[threadIdx.x] = row < rows ? x[(size_t)row * ThreadsPerRow + c] : -INFINITY;
  g.sync();
  if (c == 0 && row < rows) {
    float m = -INFINITY;
    for (int k = 0; k < ThreadsPerRow; ++k) m = fmaxf(m, red[threadIdx.x + k]);
    out[row] = m;
  }
}

void launch_row_max(const float *x, float *out, int rows, int cols, cudaStream_t s) {
  const int blocks = (rows * cols + 255) / 256;
  if (cols <= 4) row_max<4><<<blocks, 256, 0, s>>>(x, out, rows);
  else if (cols <= 8) row_max<8><<<blocks, 256, 0, s>>>(x, out, rows);
  else row_max<32><<<blocks, 256, 0, s>>>(x, out, rows);
}
