// Frontier expansion with warp-aggregated queue reservations: the leader's
// atomicAdd result is broadcast with __shfl_sync, so no lane reads a shared
// slot that another lane writes.

__global__ void expandFrontier(const int *__restrict__ rowPtr, const int *__restrict__ colIdx,
                               const int *__restrict__ frontier, int frontierSize, int *__restrict__ levels,
                               int level, int *__restrict__ nextFrontier, int *__restrict__ nextSize) {
  const int lane = threadIdx.x & 31;
  const int gwarp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  const int nwarps = (gridDim.x * blockDim.x) >> 5;

  for (int f = gwarp; f < frontierSize; f += nwarps) {
    const int u = frontier[f];
    for (int e = rowPtr[u]; e < rowPtr[u + 1]; e += 32) {
      const int edge = e + lane;
      int v = -1;
      if (edge < rowPtr[u + 1]) {
        v = colIdx[edge];
        if (atomicCAS(&levels[v], -1, level + 1) != -1) v = -1;
      }
      const unsigned pushing = __ballot_sync(0xffffffff, v >= 0);
      int base = 0;
      if (lane == 0 && pushing) base = atomicAdd(nextSize, __popc(pushing));
      base = __shfl_sync(0xffffffff, base, 0);
      if (v >= 0) nextFrontier[base + __popc(pushing & ((1u << lane) - 1))] = v;
    }
  }
}
