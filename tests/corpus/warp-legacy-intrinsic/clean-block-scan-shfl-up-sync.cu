// Block-wide exclusive scan of digit counts for a radix sort's scatter
// step, written for independent thread scheduling: __shfl_up_sync with the
// full mask in both warp scans. The first is reached by every thread; the
// second by warp 0 only, as a whole warp, and lanes past the number of
// warps still shuffle (they contribute 0) so that no lane is missing from
// the mask.

#define FULL_MASK 0xffffffffu
#define WARP_SIZE 32
#define BLOCK_THREADS 256

__device__ __forceinline__ unsigned inclusiveWarpScan(unsigned x, int lane) {
#pragma unroll
  for (int d = 1; d < WARP_SIZE; d <<= 1) {
    unsigned y = __shfl_up_sync(FULL_MASK, x, d);
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
    s = inclusiveWarpScan(s, lane);
    if (lane < BLOCK_THREADS / WARP_SIZE) warpSums[lane] = s;
  }
  __syncthreads();

  unsigned warpPrefix = warp > 0 ? warpSums[warp - 1] : 0u;
  if (i < n) offsets[i] = warpPrefix + incl - c;
  if (tid == BLOCK_THREADS - 1) blockTotals[blockIdx.x] = warpPrefix + incl;
}
