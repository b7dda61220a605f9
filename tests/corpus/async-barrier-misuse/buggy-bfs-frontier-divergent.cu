// Level-synchronous BFS, one block per frontier chunk: threads that hold a
// frontier vertex expand it and then synchronise on an asynchronous barrier
// before the next sub-level. Threads without a vertex skip the whole body,
// but the barrier expects every thread of the block.
#include <cuda/barrier>

using barrier = cuda::barrier<cuda::thread_scope_block>;

__global__ void expand(const int *row_ptr, const int *cols, const int *frontier, int frontier_size, int *level,
                       int depth, int *next, int *next_size) {
  __shared__ barrier sub;
  __shared__ int local_next[1024];
  __shared__ int local_count;
  if (threadIdx.x == 0) {
    init(&sub, blockDim.x);
    local_count = 0;
  }
  __syncthreads();

  const int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx < frontier_size) {
    const int v = frontier[idx];
    for (int e = row_ptr[v]; e < row_ptr[v + 1]; ++e) {
      const int u = cols[e];
      if (atomicCAS(&level[u], -1, depth + 1) == -1) {
        const int slot = atomicAdd(&local_count, 1);
        if (slot < 1024) local_next[slot] = u;
      }
    }
    sub.arrive_and_wait(); // expect: async-barrier-misuse
    if (threadIdx.x == 0) {
      const int base = atomicAdd(next_size, min(local_count, 1024));
      for (int i = 0; i < min(local_count, 1024); ++i) next[base + i] = local_next[i];
    }
  }
}
