// Iterated 1-D Jacobi smoothing on one tile per block. Threads past the end
// of the array leave the barrier with arrive_and_drop() before returning, so
// the remaining phases expect only the threads that stay.
#include <cuda/barrier>
#include <cooperative_groups.h>

namespace cg = cooperative_groups;
using barrier = cuda::barrier<cuda::thread_scope_block>;

__global__ void jacobi(float *data, int n, int sweeps) {
  __shared__ barrier bar;
  __shared__ float cur[512 + 2], nxt[512 + 2];
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0) init(&bar, block.size());
  block.sync();

  const int gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (gid >= n) {
    bar.arrive_and_drop();
    return;
  }
  const int l = threadIdx.x + 1;
  cur[l] = data[gid];
  if (threadIdx.x == 0) cur[0] = cur[1];
  if (threadIdx.x == blockDim.x - 1 || gid == n - 1) cur[l + 1] = cur[l];
  bar.arrive_and_wait();

  for (int s = 0; s < sweeps; ++s) {
    nxt[l] = 0.25f * cur[l - 1] + 0.5f * cur[l] + 0.25f * cur[l + 1];
    bar.arrive_and_wait();
    cur[l] = nxt[l];
    bar.arrive_and_wait();
  }
  data[gid] = cur[l];
}
