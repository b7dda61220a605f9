// Row-wise L1 norms of 16-column rows, one 16-thread group per row, with
// the runtime-sized tiled_partition and a supported size.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

constexpr unsigned kCols = 16;

__global__ void row_l1(const float *__restrict__ x, float *__restrict__ out, int rows) {
  __shared__ float red[256];
  cg::thread_group g = cg::tiled_partition(cg::this_thread_block(), kCols);
  const int row = (blockIdx.x * blockDim.x + threadIdx.x) / kCols;
  const unsigned c = g.thread_rank();
  red[threadIdx.x] = row < rows ? fabsf(x[(size_t)row * kCols + c]) : 0.f;
  g.sync();
  for (unsigned k = kCols / 2; k > 0; k >>= 1) {
    if (c < k) red[threadIdx.x] += red[threadIdx.x + k];
    g.sync();
  }
  if (c == 0 && row < rows) out[row] = red[threadIdx.x];
}
