// Single-block BFS on a small graph (one block per graph in a batch): the
// frontier lives in shared memory, its size is a __shared__ counter, and
// the loop runs while the frontier is non-empty. The counter is written
// with atomics before a barrier and read by every thread after it, so the
// loop condition -- and the barriers in the body -- are the same for the
// whole block. The per-thread loop over frontier entries contains no
// barrier.

#define MAX_V 1024

__global__ void bfsPerGraph(const int *__restrict__ rowPtr, const int *__restrict__ colIdx,
                            const int *__restrict__ graphOffset, int *__restrict__ dist) {
  __shared__ int frontier[2][MAX_V];
  __shared__ int size[2];
  const int g = blockIdx.x;
  const int v0 = graphOffset[g], nv = graphOffset[g + 1] - v0;
  int *d = dist + v0;

  for (int v = threadIdx.x; v < nv; v += blockDim.x) d[v] = v == 0 ? 0 : -1;
  if (threadIdx.x == 0) {
    frontier[0][0] = 0;
    size[0] = 1;
    size[1] = 0;
  }
  __syncthreads();

  int cur = 0, level = 0;
  while (size[cur] > 0) {
    const int nxt = cur ^ 1;
    for (int k = threadIdx.x; k < size[cur]; k += blockDim.x) {
      const int u = frontier[cur][k];
      for (int e = rowPtr[v0 + u]; e < rowPtr[v0 + u + 1]; ++e) {
        const int w = colIdx[e] - v0;
        if (atomicCAS(&d[w], -1, level + 1) == -1) frontier[nxt][atomicAdd(&size[nxt], 1)] = w;
      }
    }
    __syncthreads();
    if (threadIdx.x == 0) size[cur] = 0;
    __syncthreads();
    cur = nxt;
    ++level;
  }
}
