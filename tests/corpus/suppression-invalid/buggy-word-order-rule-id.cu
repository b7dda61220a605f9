// Histogram equalisation, one block per image tile: the block builds the
// tile's histogram, scans it, and remaps the pixels. The scan is done by
// the first 256 threads only -- but the block has 512, so the threads
// that skip the branch never reach the barriers inside it. The author
// silenced the finding with a comment naming "divergent-barrier", the
// rule's words in the wrong order: no rule has that id, the comment
// suppresses nothing, and the suppression mistake should be reported.

#define BINS 256
#define THREADS 512

__global__ void equaliseTiles(const unsigned char *__restrict__ img, unsigned char *__restrict__ out, int tilePixels) {
  __shared__ unsigned hist[BINS];
  __shared__ unsigned cdf[BINS];
  const int t = threadIdx.x;
  const unsigned char *tile = img + (size_t)blockIdx.x * tilePixels;
  for (int b = t; b < BINS; b += THREADS) hist[b] = 0;
  __syncthreads();
  for (int p = t; p < tilePixels; p += THREADS) atomicAdd(&hist[tile[p]], 1u);
  __syncthreads();

  if (t < BINS) {
    cdf[t] = hist[t];
    for (int d = 1; d < BINS; d <<= 1) {
      __syncthreads();  // NOLINT(divergent-barrier)  // expect: barrier-divergent, suppression-invalid
      const unsigned add = t >= d ? cdf[t - d] : 0u;
      __syncthreads();  // NOLINT(divergent-barrier)  // expect: barrier-divergent, suppression-invalid
      cdf[t] += add;
    }
  }
  __syncthreads();
  const float scale = 255.f / tilePixels;
  for (int p = t; p < tilePixels; p += THREADS) out[(size_t)blockIdx.x * tilePixels + p] = (unsigned char)(cdf[tile[p]] * scale);
}
