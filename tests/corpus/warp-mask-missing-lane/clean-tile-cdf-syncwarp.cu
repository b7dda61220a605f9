// Histogram-equalisation CDF for 16-bin tiles: the lower half-warp writes
// its bin counts to shared memory and synchronises with exactly its own
// lanes (0xffff), then each lane sums the counts below it; a second pass by
// the whole warp, after the branch has rejoined, normalises with the total
// that lane 15 leaves behind, under a full-mask __syncwarp().

#define WARPS 4
#define BINS 16

__global__ void tileCdf(const unsigned *__restrict__ tileHist, float *__restrict__ cdf, float *__restrict__ lut,
                        int tiles) {
  __shared__ unsigned counts[WARPS][BINS];
  __shared__ unsigned total[WARPS];
  const int lane = threadIdx.x & 31;
  const int warp = threadIdx.x >> 5;
  const int tile = blockIdx.x * WARPS + warp;
  if (tile >= tiles) return;

  unsigned acc = 0;
  if (lane < BINS) {
    counts[warp][lane] = tileHist[tile * BINS + lane];
    __syncwarp(0xffffu);
    for (int b = 0; b <= lane; ++b) acc += counts[warp][b];
    if (lane == BINS - 1) total[warp] = acc;
  }
  __syncwarp();
  if (lane < BINS) {
    const float c = (float)acc / (float)max(total[warp], 1u);
    cdf[tile * BINS + lane] = c;
    lut[tile * BINS + lane] = c * (BINS - 1);
  }
}
