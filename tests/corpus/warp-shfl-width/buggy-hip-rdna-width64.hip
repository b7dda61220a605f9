// corpus-args: --offload-arch=gfx1100
// Wavefront-wide prefix sum from a CDNA (gfx90a, wave64) code base, now
// also built for RDNA3. The scan hard-codes a shuffle width of 64, the
// wavefront size of CDNA. gfx1100 runs HIP kernels in wave32, where the
// width must be a power of two no larger than warpSize (32): 64 gives
// undefined results there. The kernel reads the lane count from warpSize
// everywhere else; the width is the one place that kept the old constant.

#include <hip/hip_runtime.h>

#define WAVE_SCAN_WIDTH 64

__device__ inline int waveInclusiveScan(int v) {
  const int lane = threadIdx.x % warpSize;
  for (int d = 1; d < warpSize; d <<= 1) {
    int up = __shfl_up(v, d, WAVE_SCAN_WIDTH);  // expect: warp-shfl-width
    if (lane >= d) v += up;
  }
  return v;
}

__global__ void compactNonZero(const int *__restrict__ in, int *__restrict__ out, int *__restrict__ outCount,
                               int n) {
  const int lane = threadIdx.x % warpSize;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int keep = i < n && in[i] != 0;
  const int incl = waveInclusiveScan(keep);
  int base = 0;
  if (lane == warpSize - 1 && incl > 0) base = atomicAdd(outCount, incl);
  base = __shfl(base, warpSize - 1);
  if (keep) out[base + incl - 1] = in[i];
}
