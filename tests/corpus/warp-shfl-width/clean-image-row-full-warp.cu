// Per-row contrast normalisation of 28x28 grey images, one warp per image
// row and one lane per pixel. The row is 28 pixels but the reductions run
// over the whole warp (width 32, written out), with lanes 28..31 holding
// zero, so the 28 appears only in the pixel bounds and the divisor.

#define FULL_MASK 0xffffffffu

constexpr int kSide = 28;
constexpr int kWarp = 32;

__device__ __forceinline__ float warpSum(float v) {
#pragma unroll
  for (int o = kWarp / 2; o > 0; o >>= 1) v += __shfl_xor_sync(FULL_MASK, v, o, kWarp);
  return v;
}

__global__ void normaliseRows(const unsigned char *__restrict__ images, float *__restrict__ out, int numImages) {
  const int lane = threadIdx.x & 31;
  const int rowGlobal = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;  // image * kSide + row
  if (rowGlobal >= numImages * kSide) return;                         // whole warps leave
  const bool pixel = lane < kSide;
  const size_t at = (size_t)rowGlobal * kSide + lane;

  float x = pixel ? images[at] / 255.f : 0.f;
  float mean = warpSum(x) / kSide;
  float d = pixel ? x - mean : 0.f;
  float var = warpSum(d * d) / kSide;
  if (pixel) out[at] = d * rsqrtf(var + 1e-5f);
}
