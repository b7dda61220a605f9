// Row-wise softmax, one warp per row. The row maximum is reduced inside the
// strided column loop, so when `cols` is not a multiple of 32 the last
// iteration runs on part of the warp only and cg::reduce waits for lanes
// that already left the loop.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void softmax_rows(const float* __restrict__ in, float* __restrict__ out, int rows, int cols) {
  auto block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  int row = blockIdx.x * warp.meta_group_size() + warp.meta_group_rank();
  if (row >= rows) return;
  const float* x = in + (size_t)row * cols;
  float* y = out + (size_t)row * cols;

  float row_max = -INFINITY;
  for (int c = warp.thread_rank(); c < cols; c += warp.size()) {
    float v = x[c];
    row_max = fmaxf(row_max, cg::reduce(warp, v, cg::greater<float>()));  // expect: cg-collective-divergent
  }

  float sum = 0.f;
  for (int c = warp.thread_rank(); c < cols; c += warp.size()) sum += __expf(x[c] - row_max);
  sum = cg::reduce(warp, sum, cg::plus<float>());

  for (int c = warp.thread_rank(); c < cols; c += warp.size()) y[c] = __expf(x[c] - row_max) / sum;
}
