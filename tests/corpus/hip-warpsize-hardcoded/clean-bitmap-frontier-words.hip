// Bottom-up BFS step with the frontier stored as a bitmap of 32-bit words:
// vertex v lives in word `v >> 5`, bit `v & 31`. The 32 is the width of an
// unsigned int, not a warp: no warp function is used, and the result does
// not depend on the wavefront size.
#include <hip/hip_runtime.h>

__device__ __forceinline__ bool inFrontier(const unsigned int *bitmap, int v) {
  return (bitmap[v >> 5] >> (v & 31)) & 1u;
}

__global__ void bottomUpStep(const int *rowPtr, const int *cols, int numVertices, const unsigned int *frontier,
                             unsigned int *next, int *parents, int *discovered) {
  for (int v = blockIdx.x * blockDim.x + threadIdx.x; v < numVertices; v += blockDim.x * gridDim.x) {
    if (parents[v] >= 0) continue;
    for (int e = rowPtr[v]; e < rowPtr[v + 1]; ++e) {
      const int u = cols[e];
      if (inFrontier(frontier, u)) {
        parents[v] = u;
        const unsigned int word = v >> 5;
        const unsigned int bit = 1u << (v & 31);
        atomicOr(&next[word], bit);
        atomicAdd(discovered, 1);
        break;
      }
    }
  }
}
