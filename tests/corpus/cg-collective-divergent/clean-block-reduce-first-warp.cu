// Block-wide sum in two stages: every warp reduces with cg::reduce, lane 0
// of each warp writes its partial, and the first warp (a condition that is
// the same for all lanes of each tile) reduces the partials with another
// cg::reduce. Looks like a collective under `if`, but the guard splits
// whole tiles only.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__device__ float block_sum(cg::thread_block block, float v, float *partials) {
  auto warp = cg::tiled_partition<32>(block);
  v = cg::reduce(warp, v, cg::plus<float>());
  if (warp.thread_rank() == 0) partials[warp.meta_group_rank()] = v;
  block.sync();
  float total = 0.f;
  if (warp.meta_group_rank() == 0) {
    const float p = warp.thread_rank() < warp.meta_group_size() ? partials[warp.thread_rank()] : 0.f;
    total = cg::reduce(warp, p, cg::plus<float>());
    if (warp.thread_rank() == 0) partials[0] = total;
  }
  block.sync();
  total = partials[0];
  block.sync();
  return total;
}

__global__ void sum_of_squares(const float *__restrict__ x, int n, float *__restrict__ out) {
  __shared__ float partials[32];
  auto block = cg::this_thread_block();
  float s = 0.f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) s += x[i] * x[i];
  s = block_sum(block, s, partials);
  if (block.thread_rank() == 0) atomicAdd(out, s);
}
