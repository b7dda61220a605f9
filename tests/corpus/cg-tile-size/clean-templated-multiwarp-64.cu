// Two warps per row with the templated multi-warp tile tiled_partition<64>,
// which the toolkit supports (and checks at compile time); the reduction
// over the 64-thread tile uses cg::reduce.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void row_sumsq(const float *__restrict__ x, float *__restrict__ out, int rows, int cols) {
  auto block = cg::this_thread_block();  // 256 threads: 4 rows per block
  auto pair = cg::tiled_partition<64>(block);
  const int row = blockIdx.x * pair.meta_group_size() + pair.meta_group_rank();
  float s = 0.f;
  if (row < rows)
    for (int c = pair.thread_rank(); c < cols; c += pair.num_threads()) s += x[(size_t)row * cols + c] * x[(size_t)row * cols + c];
  s = cg::reduce(pair, s, cg::plus<float>());
  if (pair.thread_rank() == 0 && row < rows) out[row] = s;
}
