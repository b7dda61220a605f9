// Top-down BFS step over a CSR graph, one thread per frontier vertex:
// each thread scans its neighbours and claims unvisited ones, then the
// warp appends all newly claimed vertices to the next frontier with one
// warp-aggregated atomicAdd. Ported from CUDA: the 64-bit ballot was
// adopted, but the lane index is `gtid % 32`. On gfx90a lanes 32-63 rank
// themselves among lanes 0-31 (overwriting their slots), and lane 32 is a
// second leader that reserves a second, never-filled range.
#include <hip/hip_runtime.h>

__device__ int claimVertex(int v, int *levels, int depth) {
  return atomicCAS(&levels[v], -1, depth + 1) == -1 ? v : -1;
}

__global__ void bfsTopDown(const int *rowPtr, const int *cols, int *levels, const int *frontier,
                           int frontierSize, int *nextFrontier, int *nextSize, int depth) {
  const int gtid = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = gtid % 32; // expect: hip-warpsize-hardcoded
  const int u = gtid < frontierSize ? frontier[gtid] : -1;
  const int begin = u >= 0 ? rowPtr[u] : 0, end = u >= 0 ? rowPtr[u + 1] : 0;

  // All lanes of a wavefront run the same number of rounds so that the
  // ballot below sees every lane.
  int degree = end - begin, maxDegree = degree;
  for (int o = warpSize / 2; o > 0; o /= 2) maxDegree = max(maxDegree, __shfl_xor(maxDegree, o));

  for (int k = 0; k < maxDegree; ++k) {
    const int claimed = k < degree ? claimVertex(cols[begin + k], levels, depth) : -1;
    const unsigned long long winners = __ballot(claimed >= 0);
    if (winners == 0) continue;
    int base = 0;
    if (lane == 0) base = atomicAdd(nextSize, __popcll(winners));
    base = __shfl(base, 0);
    if (claimed >= 0) nextFrontier[base + __popcll(winners & ((1ull << lane) - 1))] = claimed;
  }
}
