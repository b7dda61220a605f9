// Per-row arg-max over short rows, one tile per row with the tile size a
// template parameter. The tile reduction of (value, index) pairs is called
// only by lanes whose column is inside the row, so for rows shorter than the
// tile the missing lanes never join cg::reduce.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

struct ArgMax {
  __device__ unsigned long long operator()(unsigned long long a, unsigned long long b) const { return a > b ? a : b; }
};

__device__ unsigned long long pack(float v, int idx) {
  unsigned u = __float_as_uint(v);
  u = (u & 0x80000000u) ? ~u : (u | 0x80000000u);  // order-preserving float key
  return ((unsigned long long)u << 32) | (unsigned)idx;
}

template <int TileSize>
__global__ void row_argmax(const float *__restrict__ x, int *__restrict__ idx, int rows, int cols) {
  auto tile = cg::tiled_partition<TileSize>(cg::this_thread_block());
  const int row = blockIdx.x * tile.meta_group_size() + tile.meta_group_rank();
  if (row >= rows) return;
  const int c = tile.thread_rank();
  if (c < cols) {
    const unsigned long long best = cg::reduce(tile, pack(x[(size_t)row * cols + c], c), ArgMax()); // expect: cg-collective-divergent
    if (c == 0) idx[row] = (int)(best & 0xffffffffu);
  }
}

template __global__ void row_argmax<8>(const float *, int *, int, int);
template __global__ void row_argmax<16>(const float *, int *, int, int);
