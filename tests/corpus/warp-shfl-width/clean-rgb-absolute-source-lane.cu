// Per-pixel colour correction on interleaved RGB, eight pixels (24 channel
// values) per warp, with the red value of each pixel broadcast to its green
// and blue lanes. Written the way the guide suggests for groups that are
// not a power of two: the shuffle keeps the default width (the whole warp)
// and every lane computes the absolute source lane itself. The 24 and the
// 3 appear in the lane arithmetic, not in the width.

#define FULL_MASK 0xffffffffu
#define CHANNELS 3
#define PIXELS_PER_WARP 8
#define SEGMENT (CHANNELS * PIXELS_PER_WARP)

__global__ void redDrivenGain(const float *__restrict__ rgb, float *__restrict__ out, int pixels,
                              float threshold, float gain) {
  const int lane = threadIdx.x & 31;
  const int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  const int firstPixel = warp * PIXELS_PER_WARP;
  const int idx = firstPixel * CHANNELS + lane;
  const bool holds = lane < SEGMENT && idx < pixels * CHANNELS;

  float v = holds ? rgb[idx] : 0.f;
  const int pixelLane = (lane / CHANNELS) * CHANNELS;  // absolute lane of this pixel's red value
  float red = __shfl_sync(FULL_MASK, v, pixelLane);
  if (holds) out[idx] = red > threshold ? v * gain : v;
}
