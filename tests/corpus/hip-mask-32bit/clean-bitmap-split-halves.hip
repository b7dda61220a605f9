// Builds the "active" bitmap of a graph frontier as an array of 32-bit
// words (the format the host and other kernels use): each wavefront
// ballots its vertices, and its leader writes the 64-bit ballot as two
// 32-bit words, low half and high half, taken explicitly. Lanes of a
// wave32 device only produce the low word. The 32-bit pieces are halves
// split on purpose, not truncated masks.
#include <hip/hip_runtime.h>

__global__ void buildFrontierBitmap(const int *levels, int n, int level, unsigned int *bitmap, int *activeCount) {
  const int v = blockIdx.x * blockDim.x + threadIdx.x;
  const bool active = v < n && levels[v] == level;
  const unsigned long long ballot = __ballot(active);
  const int waveBase = v - __lane_id(); // multiple of warpSize

  if (__lane_id() == 0) {
    const int word = waveBase / 32;
    const unsigned lo = (unsigned)(ballot & 0xffffffffu);
    const unsigned hi = (unsigned)(ballot >> 32);
    if (word < (n + 31) / 32) bitmap[word] = lo;
    if (warpSize == 64 && word + 1 < (n + 31) / 32) bitmap[word + 1] = hi;
    if (ballot) atomicAdd(activeCount, __popcll(ballot));
  }
}
