// Lane-mask type and "all lanes" constant chosen with the predefined
// __AMDGCN_WAVEFRONT_SIZE macro, as older rocPRIM-style code did. Clang 20
// and later no longer define it: `#if __AMDGCN_WAVEFRONT_SIZE == 64` is
// quietly false, so the build picks the 32-bit mask type and the 32-lane
// constant even for gfx90a, and the compaction below drops lanes 32-63.
#include <hip/hip_runtime.h>
#include <cstdint>

// expect-next-line: hip-warpsize-constexpr
#if __AMDGCN_WAVEFRONT_SIZE == 64
typedef uint64_t lane_mask_t;
#define LANE_COUNT(m) __popcll(m)
#else
typedef uint32_t lane_mask_t;
#define LANE_COUNT(m) __popc(m)
#endif

__device__ lane_mask_t lanesBelow(int lane) { return ((lane_mask_t)1 << lane) - 1; }

// Keeps the indices of the non-empty cells of a sparse voxel grid.
__global__ void compactOccupied(const unsigned short *counts, int numCells, int *cells, int *numOut) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const bool occupied = i < numCells && counts[i] != 0;
  const lane_mask_t votes = __ballot(occupied);
  const int lane = __lane_id();
  int base = 0;
  if (lane == 0 && votes) base = atomicAdd(numOut, (int)LANE_COUNT(votes));
  base = __shfl(base, 0);
  if (occupied) cells[base + LANE_COUNT(votes & lanesBelow(lane))] = i;
}
