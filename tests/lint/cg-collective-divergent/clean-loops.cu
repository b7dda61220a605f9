// RUN: %check_warpcheck %s cg-collective-divergent
// Loops and exits that keep whole tiles together: no finding.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

// One row per tile, the tiles striding over the rows: the trip count is the
// same for every thread of a tile.
__global__ void spmv_rows(const int *row_ptr, const int *cols, const float *vals, const float *x, float *y,
                          int rows) {
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  int tiles = gridDim.x * tile.meta_group_size();
  for (int row = blockIdx.x * tile.meta_group_size() + tile.meta_group_rank(); row < rows; row += tiles) {
    float sum = 0.f;
    for (int j = row_ptr[row] + tile.thread_rank(); j < row_ptr[row + 1]; j += tile.size())
      sum += vals[j] * x[cols[j]];
    sum = cg::reduce(tile, sum, cg::plus<float>());
    if (tile.thread_rank() == 0) y[row] = sum;
  }
}

// A warp per row from the global thread id; whole warps leave early.
__global__ void row_max(const float *a, float *out, int rows, int cols) {
  auto warp = cg::tiled_partition<32>(cg::this_thread_block());
  int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  if (row >= rows) return;
  float m = -1e30f;
  for (int c = warp.thread_rank(); c < cols; c += 32) m = fmaxf(m, a[row * cols + c]);
  m = cg::reduce(warp, m, cg::greater<float>());
  if (warp.thread_rank() == 0) out[row] = m;
}

// The loop bound is uniform; a per-thread bounds check inside only selects
// the value.
__global__ void chunked(const float *x, float *out, int n) {
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  float acc = 0.f;
  for (int base = blockIdx.x * blockDim.x; base < n; base += gridDim.x * blockDim.x) {
    int i = base + threadIdx.x;
    float v = i < n ? x[i] : 0.f;
    acc += cg::reduce(tile, v, cg::plus<float>());
  }
  if (tile.thread_rank() == 0) atomicAdd(out, acc);
}

// A loop counter decided by a vote of the tile.
__global__ void until_done(int *work) {
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  int rounds = 0;
  bool more = true;
  while (more) {
    int w = work[threadIdx.x];
    if (w > 0) work[threadIdx.x] = w - 1;
    more = tile.any(w > 1);
    ++rounds;
    tile.sync();
  }
  if (rounds > 8) tile.sync();
}

// Tiles whose index is past the work exit together.
__global__ void tile_exit(const int *x, int *out, int ntiles) {
  auto tile = cg::tiled_partition<16>(cg::this_thread_block());
  int t = blockIdx.x * tile.meta_group_size() + tile.meta_group_rank();
  if (t >= ntiles) return;
  out[t] = cg::reduce(tile, x[t * 16 + tile.thread_rank()], cg::plus<int>());
}

// The shfl_down tree reduction: a loop with a uniform trip count.
__global__ void tree(float *x) {
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  float v = x[threadIdx.x];
  for (int offset = tile.size() / 2; offset > 0; offset /= 2) v += tile.shfl_down(v, offset);
  if (tile.thread_rank() == 0) x[threadIdx.x] = v;
}
