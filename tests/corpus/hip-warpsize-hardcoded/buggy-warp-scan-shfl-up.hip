// Block-wide inclusive prefix sum (Kogge-Stone within warps, then a scan of
// the warp totals), hipified from CUDA. The warp scan's doubling loop stops
// at offset 16, so lanes 32-63 of a gfx90a wavefront never add in lanes
// 0-31, and the warp index `tid / 32` gives every wavefront two slots in
// warpTotals[], the second of which no "last lane" ever fills correctly.
#include <hip/hip_runtime.h>

#define SCAN_THREADS 256

__device__ int warpInclusiveScan(int v) {
  const int lane = __lane_id();
  for (int d = 1; d < 32; d <<= 1) { // expect: hip-warpsize-hardcoded
    int up = __shfl_up(v, d);
    if (lane >= d) v += up;
  }
  return v;
}

__global__ void blockScan(const int *in, int *out, int *blockSums, int n) {
  __shared__ int warpTotals[SCAN_THREADS / 32];
  const int tid = threadIdx.x;
  const int gid = blockIdx.x * SCAN_THREADS + tid;
  const int warpId = tid / 32; // expect: hip-warpsize-hardcoded

  int v = gid < n ? in[gid] : 0;
  v = warpInclusiveScan(v);
  if (__lane_id() == warpSize - 1) warpTotals[warpId] = v;
  __syncthreads();

  if (warpId == 0) {
    int t = __lane_id() < SCAN_THREADS / 32 ? warpTotals[__lane_id()] : 0;
    t = warpInclusiveScan(t);
    if (__lane_id() < SCAN_THREADS / 32) warpTotals[__lane_id()] = t;
  }
  __syncthreads();

  if (warpId > 0) v += warpTotals[warpId - 1];
  if (gid < n) out[gid] = v;
  if (tid == SCAN_THREADS - 1) blockSums[blockIdx.x] = v;
}
