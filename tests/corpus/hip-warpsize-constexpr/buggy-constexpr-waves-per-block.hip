// Two-level block scan for a fixed 512-thread block: the number of
// wavefronts per block is a constexpr computed from warpSize and sizes
// the shared array of wavefront totals. Initialising a constexpr from
// warpSize needs it to be a constant expression, which it is not since
// ROCm 7; with older HIP the value is whatever the compiling pass assumed.
#include <hip/hip_runtime.h>

#define BLOCK 512

__device__ int waveInclusiveScan(int v) {
  const int lane = __lane_id();
  for (int d = 1; d < warpSize; d *= 2) {
    const int up = __shfl_up(v, d);
    if (lane >= d) v += up;
  }
  return v;
}

__global__ void __launch_bounds__(BLOCK) blockScan(const int *in, int *out, int *blockTotals, int n) {
  constexpr int kWaves = BLOCK / warpSize; // expect: hip-warpsize-constexpr
  __shared__ int waveTotals[kWaves];
  const int gid = blockIdx.x * BLOCK + threadIdx.x;
  const int lane = __lane_id(), wave = threadIdx.x / warpSize;

  int v = waveInclusiveScan(gid < n ? in[gid] : 0);
  if (lane == warpSize - 1) waveTotals[wave] = v;
  __syncthreads();
  if (wave == 0) {
    int t = lane < kWaves ? waveTotals[lane] : 0;
    t = waveInclusiveScan(t);
    if (lane < kWaves) waveTotals[lane] = t;
  }
  __syncthreads();
  if (wave > 0) v += waveTotals[wave - 1];
  if (gid < n) out[gid] = v;
  if (threadIdx.x == BLOCK - 1) blockTotals[blockIdx.x] = v;
}
