// Block-wide exclusive scan of 32-bit counts (the offsets step of a radix
// sort's scatter): an inclusive warp scan with the legacy __shfl_up, the
// warp totals scanned by warp 0, and the warp prefix added back. Both
// shuffles omit the mask: they were written for warps that run in
// lockstep, which sm_70 and later do not guarantee.

#define WARP_SIZE 32
#define BLOCK_THREADS 256

__device__ __forceinline__ unsigned inclusiveWarpScan(unsigned x, int lane) {
#pragma unroll
  for (int d = 1; d < WARP_SIZE; d <<= 1) {
    unsigned y = __shfl_up(x, d);  // expect: warp-legacy-intrinsic
    if (lane >= d) x += y;
  }
  return x;
}

__global__ void scanDigitCounts(const unsigned *__restrict__ counts, unsigned *__restrict__ offsets,
                                unsigned *__restrict__ blockTotals, int n) {
  __shared__ unsigned warpSums[BLOCK_THREADS / WARP_SIZE];
  const int tid = threadIdx.x;
  const int lane = tid % WARP_SIZE, warp = tid / WARP_SIZE;
  const int i = blockIdx.x * BLOCK_THREADS + tid;

  unsigned c = i < n ? counts[i] : 0u;
  unsigned incl = inclusiveWarpScan(c, lane);
  if (lane == WARP_SIZE - 1) warpSums[warp] = incl;
  __syncthreads();

  if (warp == 0) {
    unsigned s = lane < BLOCK_THREADS / WARP_SIZE ? warpSums[lane] : 0u;
#pragma unroll
    for (int d = 1; d < BLOCK_THREADS / WARP_SIZE; d <<= 1) {
      unsigned y = __shfl_up(s, d);  // expect: warp-legacy-intrinsic
      if (lane >= d) s += y;
    }
    if (lane < BLOCK_THREADS / WARP_SIZE) warpSums[lane] = s;
  }
  __syncthreads();

  unsigned warpPrefix = warp > 0 ? warpSums[warp - 1] : 0u;
  if (i < n) offsets[i] = warpPrefix + incl - c;
  if (tid == BLOCK_THREADS - 1) blockTotals[blockIdx.x] = warpPrefix + incl;
}
