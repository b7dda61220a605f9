// Graph frontier expansion with warp-aggregated queue reservations. Each
// warp counts how many of its lanes push a neighbour, its leader reserves
// that many slots of the global output queue with one atomicAdd and leaves
// the base in the warp's shared-memory slot -- and the other lanes read the
// slot straight away. Without __syncwarp() between the leader's store and
// their loads they may see the previous iteration's base.

__global__ void expandFrontier(const int *__restrict__ rowPtr, const int *__restrict__ colIdx,
                               const int *__restrict__ frontier, int frontierSize, int *__restrict__ levels,
                               int level, int *__restrict__ nextFrontier, int *__restrict__ nextSize) {
  __shared__ int warpBase[32];
  const int lane = threadIdx.x & 31;
  const int warp = threadIdx.x >> 5;
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
      if (lane == 0 && pushing) warpBase[warp] = atomicAdd(nextSize, __popc(pushing));
      if (v >= 0) {
        const int rank = __popc(pushing & ((1u << lane) - 1));
        nextFrontier[warpBase[warp] + rank] = v;  // expect: warp-implicit-synchronous
      }
    }
  }
}
