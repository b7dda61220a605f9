// A tile factory that picks the runtime-sized form for native sizes and the
// templated form for multi-warp sizes with `if constexpr`: the runtime-sized
// call with N = 128 is in the discarded branch and never instantiated.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

template <unsigned N>
__device__ float group_sum(cg::thread_block block, float v) {
  if constexpr (N <= 32) {
    cg::thread_group g = cg::tiled_partition(block, N);
    __shared__ float red[1024];
    red[block.thread_rank()] = v;
    g.sync();
    for (unsigned k = N / 2; k > 0; k >>= 1) {
      if (g.thread_rank() < k) red[block.thread_rank()] += red[block.thread_rank() + k];
      g.sync();
    }
    const float r = red[block.thread_rank() - g.thread_rank()];
    g.sync();
    return r;
  } else {
    auto t = cg::tiled_partition<N>(block);
    return cg::reduce(t, v, cg::plus<float>());
  }
}

template <unsigned N>
__global__ void chunk_sums(const float *__restrict__ x, float *__restrict__ out, int n) {
  auto block = cg::this_thread_block();
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float s = group_sum<N>(block, i < n ? x[i] : 0.f);
  if (threadIdx.x % N == 0 && i < n) out[i / N] = s;
}

template __global__ void chunk_sums<16>(const float *, float *, int);
template __global__ void chunk_sums<128>(const float *, float *, int);
