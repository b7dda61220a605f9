// Per-channel broadcast of a 30-sample RGB strip: lanes 0..9 hold red,
// 10..19 green, 20..29 blue (30, 31 idle but running). Each channel picks
// the sample of its median lane and broadcasts it within the channel with a
// hand-written mask per group. The green mask was typed 0x1ffc00 (bits
// 10..20) instead of 0xffc00: it names lane 20, which passes the blue mask
// at the same shuffle.

#define RED_MASK 0x000003ffu
#define GREEN_MASK 0x001ffc00u
#define BLUE_MASK 0xfff00000u

__global__ void channelPivot(const float *__restrict__ strips, float *__restrict__ centred, int numStrips) {
  const int lane = threadIdx.x & 31;
  const int s = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  if (s >= numStrips) return;

  const int ch = lane < 10 ? 0 : lane < 20 ? 1 : 2;
  const unsigned mask = ch == 0 ? RED_MASK : ch == 1 ? GREEN_MASK : BLUE_MASK;
  const float v = lane < 30 ? strips[s * 30 + lane] : 0.f;
  const int pivotLane = ch * 10 + 5;
  const float pivot = __shfl_sync(mask, v, pivotLane); // expect: warp-mask-nonuniform
  if (lane < 30) centred[s * 30 + lane] = v - pivot;
}
