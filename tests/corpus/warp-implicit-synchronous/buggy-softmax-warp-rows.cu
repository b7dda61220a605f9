// Row softmax, one warp per row of `cols` <= 32 * 4 values. The row maximum
// and sum go through a per-warp shared-memory scratch with the old volatile
// tree (lanes 0..15 add lanes 16..31, then 0..7 add 8..15, ...), then every
// lane reads the result from slot 0. No __syncwarp() anywhere: on Volta and
// later a lane may read a partial maximum or sum.

#define ROWS_PER_BLOCK 4

__device__ float warpTreeMax(volatile float *scratch, int lane, float v) {
  scratch[lane] = v;
  if (lane < 16) scratch[lane] = fmaxf(scratch[lane], scratch[lane + 16]);  // expect: warp-implicit-synchronous
  if (lane < 8) scratch[lane] = fmaxf(scratch[lane], scratch[lane + 8]);    // expect: warp-implicit-synchronous
  if (lane < 4) scratch[lane] = fmaxf(scratch[lane], scratch[lane + 4]);    // expect: warp-implicit-synchronous
  if (lane < 2) scratch[lane] = fmaxf(scratch[lane], scratch[lane + 2]);    // expect: warp-implicit-synchronous
  if (lane < 1) scratch[lane] = fmaxf(scratch[lane], scratch[lane + 1]);    // expect: warp-implicit-synchronous
  return scratch[0];                                                        // expect: warp-implicit-synchronous
}

__global__ void softmaxRows(const float *__restrict__ in, float *__restrict__ out, int rows, int cols) {
  __shared__ float scratch[ROWS_PER_BLOCK][32];
  const int lane = threadIdx.x % 32;
  const int warp = threadIdx.x / 32;
  const int row = blockIdx.x * ROWS_PER_BLOCK + warp;
  if (row >= rows) return;
  const float *x = in + (size_t)row * cols;
  float *y = out + (size_t)row * cols;

  float m = -INFINITY;
  for (int c = lane; c < cols; c += 32) m = fmaxf(m, x[c]);
  m = warpTreeMax(scratch[warp], lane, m);

  float e[4];
  float sum = 0.f;
  for (int k = 0; k < 4; ++k) {
    int c = lane + 32 * k;
    e[k] = c < cols ? __expf(x[c] - m) : 0.f;
    sum += e[k];
  }
  for (int o = 16; o > 0; o >>= 1) sum += __shfl_xor_sync(0xffffffff, sum, o);
  for (int k = 0; k < 4; ++k) {
    int c = lane + 32 * k;
    if (c < cols) y[c] = e[k] / sum;
  }
}
