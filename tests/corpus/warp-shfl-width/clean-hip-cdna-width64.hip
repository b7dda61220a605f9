// corpus-args: --offload-arch=gfx90a
// Wavefront-wide inclusive scan for a CDNA-only (MI200, gfx90a) build: the
// shuffle width is the 64-lane wavefront of that target, which is a valid
// width there (a power of two up to warpSize = 64). The compaction around
// it counts lanes with 64-bit ballots and __popcll.

#include <hip/hip_runtime.h>

constexpr int kWave = 64;  // gfx90a wavefront; this file is built for gfx90a only

__device__ inline int waveInclusiveScan(int v, int lane) {
  for (int d = 1; d < kWave; d <<= 1) {
    int up = __shfl_up(v, d, kWave);
    if (lane >= d) v += up;
  }
  return v;
}

__global__ void compactNonZero(const int *__restrict__ in, int *__restrict__ out, int *__restrict__ outCount,
                               int n) {
  const int lane = threadIdx.x % kWave;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int keep = i < n && in[i] != 0;
  const int incl = waveInclusiveScan(keep, lane);
  int base = 0;
  if (lane == kWave - 1 && incl > 0) base = atomicAdd(outCount, incl);
  base = __shfl(base, kWave - 1, kWave);
  if (keep) out[base + incl - 1] = in[i];
}
