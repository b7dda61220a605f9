// Row softmax, one warp per row, reducing through a per-warp shared scratch
// row with __syncwarp() between every write and the reads of other lanes,
// and before the broadcast of the result from slot 0.

#define ROWS_PER_BLOCK 4

__device__ float warpTreeMax(float *scratch, int lane, float v) {
  scratch[lane] = v;
  __syncwarp();
  for (int o = 16; o > 0; o >>= 1) {
    float other = lane < o ? scratch[lane + o] : -INFINITY;
    __syncwarp();
    if (lane < o) scratch[lane] = fmaxf(scratch[lane], other);
    __syncwarp();
  }
  return scratch[0];
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

  float sum = 0.f;
  for (int c = lane; c < cols; c += 32) sum += __expf(x[c] - m);
  for (int o = 16; o > 0; o >>= 1) sum += __shfl_xor_sync(0xffffffff, sum, o);
  for (int c = lane; c < cols; c += 32) y[c] = __expf(x[c] - m) / sum;
}
