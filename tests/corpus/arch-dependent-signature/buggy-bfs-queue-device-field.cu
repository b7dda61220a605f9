// corpus-args: --cuda-arch=sm_80,sm_90
// BFS frontier queue passed to the expansion kernel by value. A device-
// side cache pointer was added to the struct under #ifdef __CUDA_ARCH__
// ("the host never touches it"), which moves every later field: the host
// packs {items, capacity, size} and the kernel reads `size` from where
// the host put nothing.
#include <cuda_runtime.h>

struct FrontierQueue {
  int *items;
  int capacity;
#ifdef __CUDA_ARCH__
  int *warpCache;
#endif
  int *size;
};

__global__ void expandFrontier(const int *rowPtr, const int *cols, int *levels, const int *frontier, // expect: arch-dependent-signature
                               int frontierSize, FrontierQueue next, int depth) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= frontierSize) return;
  const int u = frontier[i];
  for (int e = rowPtr[u]; e < rowPtr[u + 1]; ++e) {
    const int v = cols[e];
    if (atomicCAS(&levels[v], -1, depth + 1) == -1) {
      const int slot = atomicAdd(next.size, 1);
      if (slot < next.capacity) next.items[slot] = v;
    }
  }
}

void bfsStep(const int *rp, const int *c, int *levels, const int *frontier, int n, int *items, int cap, int *size,
             int depth, cudaStream_t s) {
  FrontierQueue q;
  q.items = items;
  q.capacity = cap;
  q.size = size;
  expandFrontier<<<(n + 255) / 256, 256, 0, s>>>(rp, c, levels, frontier, n, q, depth);
}
