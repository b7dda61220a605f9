// Row-wise sum of squares with two warps per row: written with the
// runtime-sized tiled_partition(block, 64), which is limited to 32 threads.
// (The templated tiled_partition<64> would be checked by the compiler; the
// runtime form compiles and gives a group that is not the 64 threads the
// reduction below assumes.)
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void row_sumsq(const float *__restrict__ x, float *__restrict__ out, int rows, int cols) {
  __shared__ float red[256];
  auto block = cg::this_thread_block();  // 256 threads: 4 rows per block
  cg::thread_group pair = cg::tiled_partition(block, 64); // expect: cg-tile-size
  const int row = blockIdx.x * 4 + threadIdx.x / 64;
  float s = 0.f;
  if (row < rows)
    for (int c = pair.thread_rank(); c < cols; c += pair.size()) s += x[(size_t)row * cols + c] * x[(size_t)row * cols + c];
  red[threadIdx.x] = s;
  pair.sync();
  for (int k = 32; k > 0; k >>= 1) {
    if ((int)pair.thread_rank() < k) red[threadIdx.x] += red[threadIdx.x + k];
    pair.sync();
  }
  if (pair.thread_rank() == 0 && row < rows) out[row] = red[threadIdx.x];
}
