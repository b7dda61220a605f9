// Marks visited vertices in a bitmap of 32-bit words, one word per 32
// lanes of a wavefront: each lane ORs its bit into word `lane >> 5` of its
// wavefront's slot, with `1u << (lane & 31)`, a bit index below 32 by
// construction, so the 32-bit shift is right on both wave32 and wave64.
// The 64-bit ballot is only used to skip wavefronts with nothing to mark.
#include <hip/hip_runtime.h>

__global__ void markVisited(const int *frontier, int frontierSize, unsigned int *visitedWords, int *newlyVisited) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int v = i < frontierSize ? frontier[i] : -1;
  if (!__ballot(v >= 0)) return;
  if (v < 0) return;

  const unsigned int bit = 1u << (v & 31);
  const unsigned int old = atomicOr(&visitedWords[v >> 5], bit);
  if (!(old & bit)) atomicAdd(newlyVisited, 1);
}

// Per-wavefront bitmap of which lanes saw a negative value, packed into
// 32-bit words (two per wavefront on gfx9).
__global__ void negativeLanes(const float *x, int n, unsigned int *laneWords) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = __lane_id();
  const int wave = i / warpSize;
  const int wordsPerWave = (warpSize + 31) / 32;
  if (i < n && x[i] < 0.f)
    atomicOr(&laneWords[wave * wordsPerWave + (lane >> 5)], 1u << (lane & 31));
}
