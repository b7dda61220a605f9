// Segmented broadcast for interleaved RGB (eight pixels, 24 lanes, per
// warp). The author thought the width-24 shuffle was fine and silenced the
// width rule on it -- with the id typed as "widht". The misspelt comment
// suppresses nothing, and the shuffle width is a real bug: widths must be
// powers of two, so 24 gives undefined results.

#define FULL_MASK 0xffffffffu

__global__ void redDrivenGain(const float *__restrict__ rgb, float *__restrict__ out, int pixels, float threshold,
                              float gain) {
  const int lane = threadIdx.x & 31;
  const int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  const int idx = warp * 24 + lane;
  const bool holds = lane < 24 && idx < pixels * 3;
  float v = holds ? rgb[idx] : 0.f;
  const int pixelLane = lane - lane % 3;
  // NOLINTNEXTLINE(warp-shfl-widht): segments of 24 lanes are intended  // expect: suppression-invalid
  float red = __shfl_sync(FULL_MASK, v, pixelLane, 24);  // expect: warp-shfl-width
  if (holds) out[idx] = red > threshold ? v * gain : v;
}
