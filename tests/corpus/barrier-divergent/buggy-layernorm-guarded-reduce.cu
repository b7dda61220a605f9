// LayerNorm over rows of `cols` <= 1024 values, one block per row, one
// thread per column. The block reductions for the mean and the variance
// are a helper with barriers inside, and the kernel calls it only in the
// threads that hold a column: when cols is not a multiple of the block
// size, the surplus threads never reach the helper's __syncthreads().

#define MAX_THREADS 1024

__device__ float blockSum(float v) {
  __shared__ float warpSums[32];
  __shared__ float total;
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
  if (lane == 0) warpSums[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < (blockDim.x + 31) / 32 ? warpSums[lane] : 0.f;
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
    if (lane == 0) total = v;
  }
  __syncthreads();
  return total;
}

__global__ void layerNorm(const float *__restrict__ x, const float *__restrict__ gamma,
                          const float *__restrict__ beta, float *__restrict__ y, int cols, float eps) {
  const int row = blockIdx.x;
  const int c = threadIdx.x;
  if (c < cols) {
    const float v = x[(size_t)row * cols + c];
    const float mean = blockSum(v) / cols;  // expect: barrier-divergent, warp-mask-inactive-lane
    const float d = v - mean;
    const float var = blockSum(d * d) / cols;  // expect: barrier-divergent, warp-mask-inactive-lane
    y[(size_t)row * cols + c] = d * rsqrtf(var + eps) * gamma[c] + beta[c];
  }
}

void launchLayerNorm(const float *x, const float *g, const float *b, float *y, int rows, int cols, float eps) {
  int threads = ((cols + 31) / 32) * 32;
  if (threads > MAX_THREADS) threads = MAX_THREADS;
  layerNorm<<<rows, threads>>>(x, g, b, y, cols, eps);
}
