// 1-D 3-point stencil over a tiled array. Each block stages its tile in
// shared memory and synchronises with an asynchronous barrier so that the
// halo exchange can overlap with loading the coefficients. The bounds check
// returns tail threads before they arrive: the barrier was initialised for
// every thread of the block, so the last block never completes its phase.
#include <cuda/barrier>
#include <cooperative_groups.h>

namespace cg = cooperative_groups;
using block_barrier = cuda::barrier<cuda::thread_scope_block>;

constexpr int kTile = 256;

__global__ void stencil3(const float *__restrict__ in, float *__restrict__ out, const float *coeff, int n) {
  __shared__ block_barrier bar;
  __shared__ float tile[kTile + 2];
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0) init(&bar, block.size());
  block.sync();

  const int gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (gid >= n) return; // tail block: these threads never arrive

  tile[threadIdx.x + 1] = in[gid];
  if (threadIdx.x == 0) tile[0] = gid > 0 ? in[gid - 1] : 0.f;
  if (threadIdx.x == blockDim.x - 1) tile[kTile + 1] = gid + 1 < n ? in[gid + 1] : 0.f;

  auto token = bar.arrive(); // expect: async-barrier-misuse
  const float c0 = coeff[0], c1 = coeff[1], c2 = coeff[2];
  bar.wait(std::move(token));

  out[gid] = c0 * tile[threadIdx.x] + c1 * tile[threadIdx.x + 1] + c2 * tile[threadIdx.x + 2];
}

void run_stencil(const float *in, float *out, const float *coeff, int n, cudaStream_t s) {
  stencil3<<<(n + kTile - 1) / kTile, kTile, 0, s>>>(in, out, coeff, n);
}
