// CSR SpMV "vector" kernel with eight threads per row. Row bounds come from
// `(global thread id) / 8`, which is the same for the eight lanes of a tile,
// so the early return removes whole tiles; the strided nonzero loop differs
// per lane, but the tile reduction is after it, where every lane is back.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

constexpr int kTile = 8;

__global__ void spmv_csr_vector8(const int *__restrict__ row_ptr, const int *__restrict__ cols,
                                 const float *__restrict__ vals, const float *__restrict__ x, float *__restrict__ y,
                                 int rows) {
  auto tile = cg::tiled_partition<kTile>(cg::this_thread_block());
  const int row = (blockIdx.x * blockDim.x + threadIdx.x) / kTile;
  if (row >= rows) return;
  const int begin = row_ptr[row], end = row_ptr[row + 1];
  float sum = 0.f;
  for (int j = begin + tile.thread_rank(); j < end; j += kTile) sum += vals[j] * x[cols[j]];
  for (int off = kTile / 2; off > 0; off >>= 1) sum += tile.shfl_down(sum, off);
  if (tile.thread_rank() == 0) y[row] = sum;
}
