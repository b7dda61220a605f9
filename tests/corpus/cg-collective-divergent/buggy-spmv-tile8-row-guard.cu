// CSR SpMV "vector" kernel with eight threads per row (a tile of 8 from
// cooperative groups). The tile reduction was moved inside the nonzero
// loop's bounds check: rows whose length is not a multiple of 8 leave some
// lanes of the tile out of the last shfl_down, which then reads lanes that
// never called it.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

constexpr int kTile = 8;

__global__ void spmv_csr_vector8(const int *__restrict__ row_ptr, const int *__restrict__ cols,
                                 const float *__restrict__ vals, const float *__restrict__ x, float *__restrict__ y,
                                 int rows) {
  auto tile = cg::tiled_partition<kTile>(cg::this_thread_block());
  const int row = (blockIdx.x * blockDim.x + threadIdx.x) / kTile;
  if (row >= rows) return;  // whole tiles: row is the same for the 8 lanes
  const int begin = row_ptr[row], end = row_ptr[row + 1];
  float sum = 0.f;
  for (int j = begin + tile.thread_rank(); j < end; j += kTile) {
    sum += vals[j] * x[cols[j]];
    if (j + kTile >= end) {
      // last chunk of the row: fold the tile's partial sums
      for (int off = kTile / 2; off > 0; off >>= 1) sum += tile.shfl_down(sum, off); // expect: cg-collective-divergent
      if (tile.thread_rank() == 0) y[row] = sum;
    }
  }
}
