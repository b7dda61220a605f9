// Per-pixel colour correction on interleaved RGB: each warp handles eight
// pixels as 24 consecutive channel values (lanes 24..31 idle), and the
// red channel of each pixel's group is broadcast to its green and blue
// lanes. The broadcast is written with a shuffle width of 24 so that lane 0
// of "the segment" is the group's first lane -- but the width must be a
// power of two; 24 gives undefined results (the guide's own example).

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
  // Every pixel's lanes need the red value of the pixel's first lane.
  const int pixelLane = lane - lane % CHANNELS;
  float red = __shfl_sync(FULL_MASK, v, pixelLane, SEGMENT);  // expect: warp-shfl-width
  if (holds) out[idx] = red > threshold ? v * gain : v;
}
