// Warp-aggregated append to a per-bucket queue, with the 64-lane path
// selected by `if constexpr (warpSize == 64)`. The condition of an `if
// constexpr` must be a constant expression: with ROCm 7 this does not
// compile, and with older HIP the branch is fixed per pass rather than
// chosen for the GPU the program runs on.
#include <hip/hip_runtime.h>

__device__ int aggregatedAppend(int *tail, bool want) {
  const int lane = __lane_id();
  if constexpr (warpSize == 64) { // expect: hip-warpsize-constexpr
    const unsigned long long m = __ballot(want);
    int base = 0;
    if (lane == 0 && m) base = atomicAdd(tail, __popcll(m));
    base = __shfl(base, 0);
    return base + __popcll(m & ((1ull << lane) - 1));
  } else {
    const unsigned long long m = __ballot(want) & 0xffffffffull;
    int base = 0;
    if (lane == 0 && m) base = atomicAdd(tail, __popcll(m));
    base = __shfl(base, 0);
    return base + __popcll(m & ((1ull << lane) - 1));
  }
}

// Bucket particles by cell for a neighbour search.
__global__ void bucketParticles(const float3 *pos, int n, float cellSize, int gridDim1, int *cellOf, int *order,
                                int *tail) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const bool valid = i < n;
  const int slot = aggregatedAppend(tail, valid);
  if (!valid) return;
  const float3 p = pos[i];
  const int cx = min(gridDim1 - 1, max(0, (int)(p.x / cellSize)));
  const int cy = min(gridDim1 - 1, max(0, (int)(p.y / cellSize)));
  const int cz = min(gridDim1 - 1, max(0, (int)(p.z / cellSize)));
  cellOf[slot] = (cz * gridDim1 + cy) * gridDim1 + cx;
  order[slot] = i;
}
