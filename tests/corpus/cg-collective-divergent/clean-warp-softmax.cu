// Row-wise softmax, one warp per row: each lane folds its strided columns
// first, and the warp reduces once, outside the per-lane loops.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

template <int kWarpsPerBlock>
__global__ void softmax_rows(const float* __restrict__ in, float* __restrict__ out, int rows, int cols) {
  auto block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  for (int row = blockIdx.x * kWarpsPerBlock + warp.meta_group_rank(); row < rows; row += gridDim.x * kWarpsPerBlock) {
    const float* x = in + (size_t)row * cols;
    float* y = out + (size_t)row * cols;

    float local_max = -INFINITY;
    for (int c = warp.thread_rank(); c < cols; c += warp.size()) local_max = fmaxf(local_max, x[c]);
    float row_max = cg::reduce(warp, local_max, cg::greater<float>());

    float local_sum = 0.f;
    for (int c = warp.thread_rank(); c < cols; c += warp.size()) local_sum += __expf(x[c] - row_max);
    float sum = cg::reduce(warp, local_sum, cg::plus<float>());
    if (sum == 0.f) continue;  // the whole warp agrees on the reduced sum

    float inv = 1.f / sum;
    for (int c = warp.thread_rank(); c < cols; c += warp.size()) y[c] = __expf(x[c] - row_max) * inv;
  }
}

template __global__ void softmax_rows<4>(const float*, float*, int, int);
template __global__ void softmax_rows<8>(const float*, float*, int, int);
