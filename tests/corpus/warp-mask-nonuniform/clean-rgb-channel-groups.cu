// Per-channel broadcast of a 30-sample RGB strip: lanes 0..9 red, 10..19
// green, 20..31 blue (30 and 31 padding, in the blue group). Each group
// passes its own mask to the broadcast from its pivot lane; the three masks
// cover the warp without overlapping.

#define RED_MASK 0x000003ffu
#define GREEN_MASK 0x000ffc00u
#define BLUE_MASK 0xfff00000u

__global__ void channelPivot(const float *__restrict__ strips, float *__restrict__ centred, int numStrips) {
  const int lane = threadIdx.x & 31;
  const int s = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  if (s >= numStrips) return;

  const int ch = lane < 10 ? 0 : lane < 20 ? 1 : 2;
  const unsigned mask = ch == 0 ? RED_MASK : ch == 1 ? GREEN_MASK : BLUE_MASK;
  const float v = lane < 30 ? strips[s * 30 + lane] : 0.f;
  const int pivotLane = ch * 10 + 5;
  const float pivot = __shfl_sync(mask, v, pivotLane);
  if (lane < 30) centred[s * 30 + lane] = v - pivot;
}
