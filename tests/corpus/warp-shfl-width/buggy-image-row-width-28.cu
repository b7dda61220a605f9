// Per-row contrast normalisation of 28x28 grey images (an MNIST-style
// preprocessing step): one warp per image row, one lane per pixel (lanes
// 28..31 idle). The row mean and variance are butterfly reductions whose
// width is the row length, kSide = 28 -- not a power of two, so the
// shuffle result is undefined. The reduction should run over the full warp
// (width 32) with the idle lanes contributing zero.

#define FULL_MASK 0xffffffffu

constexpr int kSide = 28;

__device__ __forceinline__ float rowSum(float v) {
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(FULL_MASK, v, o, kSide);  // expect: warp-shfl-width
  return v;
}

__global__ void normaliseRows(const unsigned char *__restrict__ images, float *__restrict__ out, int numImages) {
  const int lane = threadIdx.x & 31;
  const int rowGlobal = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;  // image * kSide + row
  if (rowGlobal >= numImages * kSide) return;                         // whole warps leave
  const bool pixel = lane < kSide;
  const size_t at = (size_t)rowGlobal * kSide + lane;

  float x = pixel ? images[at] / 255.f : 0.f;
  float mean = rowSum(x) / kSide;
  float d = pixel ? x - mean : 0.f;
  float var = rowSum(d * d) / kSide;
  if (pixel) out[at] = d * rsqrtf(var + 1e-5f);
}
