// Layer normalisation of 24-wide feature rows (one row per warp, lanes
// 24..31 are padding). The author gave the 24 data lanes the mask of the
// data lanes and left the padding lanes on the full mask, "since they only
// contribute zeros". All 32 lanes call the same shuffles, lane 0 with
// 0x00ffffff and lane 24 with 0xffffffff: different masks that overlap.

#define COLS 24
#define DATA_MASK 0x00ffffffu

__global__ void layerNorm24(const float *__restrict__ x, const float *__restrict__ gamma, const float *__restrict__ beta,
                            float *__restrict__ y, int rows, float eps) {
  const int lane = threadIdx.x & 31;
  const int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  if (row >= rows) return;
  const unsigned mask = lane < COLS ? DATA_MASK : 0xffffffffu;

  const float v = lane < COLS ? x[row * COLS + lane] : 0.f;
  float s = v;
  for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(mask, s, o); // expect: warp-mask-nonuniform
  const float mean = s / COLS;
  const float d = lane < COLS ? v - mean : 0.f;
  float ss = d * d;
  for (int o = 16; o > 0; o >>= 1) ss += __shfl_xor_sync(mask, ss, o); // expect: warp-mask-nonuniform
  const float rstd = rsqrtf(ss / COLS + eps);
  if (lane < COLS) y[row * COLS + lane] = d * rstd * gamma[lane] + beta[lane];
}
