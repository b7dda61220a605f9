// Histogram-equalisation CDF for 16-bin tiles: the lower half-warp writes
// its 16 bin counts to shared memory, synchronises, and each lane sums the
// counts below it. The mask of the __syncwarp was typed 0xff instead of
// 0xffff: lanes 8..15 call it without their bit.

#define WARPS 4
#define BINS 16

__global__ void tileCdf(const unsigned *__restrict__ tileHist, float *__restrict__ cdf, int tiles, int pixelsPerTile) {
  __shared__ unsigned counts[WARPS][BINS];
  const int lane = threadIdx.x & 31;
  const int warp = threadIdx.x >> 5;
  const int tile = blockIdx.x * WARPS + warp;
  if (tile >= tiles) return;

  if (lane < BINS) {
    counts[warp][lane] = tileHist[tile * BINS + lane];
    __syncwarp(0xff); // expect: warp-mask-missing-lane
    unsigned acc = 0;
    for (int b = 0; b <= lane; ++b) acc += counts[warp][b];
    cdf[tile * BINS + lane] = (float)acc / (float)pixelsPerTile;
  }
}
