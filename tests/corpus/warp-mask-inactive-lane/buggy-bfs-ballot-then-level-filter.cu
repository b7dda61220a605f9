// Top-down BFS step, one thread per vertex: vertices on the current level
// add their degree to the number of edges this step will visit (used to
// switch to bottom-up). The warp first takes `inRange = ballot(v < nv)`
// and sums the degrees with __reduce_add_sync(inRange, ...). A later change
// added the level filter inside the range check, but the mask is still
// the range ballot: lanes that are in range but not on the frontier are
// named in the mask and never call.
// corpus-args: --cuda-arch sm_80

__global__ void frontierEdges(const int *__restrict__ rowPtr, const int *__restrict__ level, int curLevel, int nv,
                              unsigned long long *__restrict__ edgesToVisit, int *__restrict__ frontierSize) {
  const int v = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x & 31;
  const unsigned inRange = __ballot_sync(0xffffffffu, v < nv);
  if (v < nv) {
    if (level[v] == curLevel) {
      const unsigned deg = rowPtr[v + 1] - rowPtr[v];
      const unsigned warpEdges = __reduce_add_sync(inRange, deg); // expect: warp-mask-inactive-lane
      const unsigned warpVerts = __reduce_add_sync(inRange, 1u);  // expect: warp-mask-inactive-lane
      if (lane == __ffs(inRange) - 1) {
        atomicAdd(edgesToVisit, (unsigned long long)warpEdges);
        atomicAdd(frontierSize, (int)warpVerts);
      }
    }
  }
}
