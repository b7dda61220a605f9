// Persistent single-kernel BFS with a global level barrier built from a
// counter: each block appends the vertices it discovered to the next
// frontier, then announces it has finished the level with atomicAdd on the
// level counter; every block spins until the counter reaches the number of
// blocks and then reads the next frontier's size. The frontier stores and
// the size are not fenced before the announcement, nor after the spin.
#include <cuda_runtime.h>

struct Bfs {
  const int *rowPtr, *colIdx;
  int *depth;
  int *frontier[2];
  int *frontierSize;  // [2]
  unsigned *levelArrived;
};

__global__ void bfsPersistent(Bfs g, int maxLevels) {
  __shared__ int size;
  for (int level = 0; level < maxLevels; ++level) {
    const int cur = level & 1, nxt = cur ^ 1;
    if (threadIdx.x == 0) size = g.frontierSize[cur]; // expect: fence-missing
    __syncthreads();
    if (size == 0) return;
    for (int t = blockIdx.x * blockDim.x + threadIdx.x; t < size; t += gridDim.x * blockDim.x) {
      const int v = g.frontier[cur][t];
      for (int e = g.rowPtr[v]; e < g.rowPtr[v + 1]; ++e) {
        const int u = g.colIdx[e];
        if (atomicCAS(&g.depth[u], -1, level + 1) == -1) g.frontier[nxt][atomicAdd(&g.frontierSize[nxt], 1)] = u;
      }
    }
    __syncthreads();
    if (threadIdx.x == 0) {
      atomicAdd(g.levelArrived, 1u); // expect: fence-missing
      const unsigned target = (level + 1) * gridDim.x;
      while (atomicAdd(g.levelArrived, 0u) < target) {
      }
      if (blockIdx.x == 0) g.frontierSize[cur] = 0;
    }
    __syncthreads();
  }
}
