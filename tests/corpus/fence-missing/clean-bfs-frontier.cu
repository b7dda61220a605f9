// Level-synchronous BFS: atomicCAS claims vertices and atomicAdd allocates
// slots in the next frontier. Levels are separated by kernel launches.
#include <cuda_runtime.h>

__global__ void expandFrontier(const int *rowPtr, const int *colIdx, const int *frontier, int frontierSize,
                               int *nextFrontier, int *nextSize, int *parent, int *depth, int level) {
  for (int t = blockIdx.x * blockDim.x + threadIdx.x; t < frontierSize; t += gridDim.x * blockDim.x) {
    int v = frontier[t];
    for (int e = rowPtr[v]; e < rowPtr[v + 1]; ++e) {
      int u = colIdx[e];
      if (parent[u] != -1) continue;
      if (atomicCAS(&parent[u], -1, v) == -1) {
        depth[u] = level + 1;
        int slot = atomicAdd(nextSize, 1);
        nextFrontier[slot] = u;
      }
    }
  }
}

void bfs(const int *rowPtr, const int *colIdx, int *frontierA, int *frontierB, int *size, int *parent, int *depth,
         int levels) {
  int h = 1;
  for (int level = 0; level < levels && h > 0; ++level) {
    cudaMemset(size, 0, sizeof(int));
    expandFrontier<<<128, 256>>>(rowPtr, colIdx, frontierA, h, frontierB, size, parent, depth, level);
    cudaMemcpy(&h, size, sizeof(int), cudaMemcpyDeviceToHost);
    int *tmp = frontierA;
    frontierA = frontierB;
    frontierB = tmp;
  }
}
