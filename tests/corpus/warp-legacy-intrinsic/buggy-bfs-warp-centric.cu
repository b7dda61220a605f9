// Warp-centric BFS level expansion (Hong et al.): each warp owns a chunk of
// vertices; for each vertex of the current level the whole warp walks its
// adjacency list, and the warp skips vertices that no lane of it has
// flagged. The skip test and the broadcast of the adjacency bounds use the
// legacy __any and __shfl: no mask, and an assumption of lockstep lanes
// that sm_70 and later break.

#define CHUNK 32

__global__ void bfsWarpCentric(const int *__restrict__ rowPtr, const int *__restrict__ colIdx,
                               int *__restrict__ level, int numVertices, int curLevel, int *__restrict__ changed) {
  const int lane = threadIdx.x & 31;
  const int warpGlobal = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  const int base = warpGlobal * CHUNK;
  if (base >= numVertices) return;  // whole warps leave together

  // Each lane looks at one vertex of the chunk.
  const int mine = base + lane;
  const bool onFrontier = mine < numVertices && level[mine] == curLevel;
  if (!__any(onFrontier)) return;  // expect: warp-legacy-intrinsic

  for (int k = 0; k < CHUNK && base + k < numVertices; ++k) {
    int start = 0, stop = 0;
    if (lane == k && onFrontier) {
      start = rowPtr[mine];
      stop = rowPtr[mine + 1];
    }
    start = __shfl(start, k);  // expect: warp-legacy-intrinsic
    stop = __shfl(stop, k);    // expect: warp-legacy-intrinsic
    for (int e = start + lane; e < stop; e += 32) {
      int v = colIdx[e];
      if (level[v] == -1) {
        level[v] = curLevel + 1;
        *changed = 1;
      }
    }
  }
}
