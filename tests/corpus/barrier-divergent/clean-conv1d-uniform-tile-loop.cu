// 1-D convolution with a shared-memory tile and halo over a fixed grid,
// done right: the loop walks tiles with a block-uniform condition (the
// tile's first index, which depends on blockIdx only), every thread of the
// block runs every iteration and reaches both barriers, and only the loads
// and the store are guarded by `i < n`.

#define RADIUS 4
#define BLOCK 256

__constant__ float taps[2 * RADIUS + 1];

__global__ void conv1d(const float *__restrict__ in, float *__restrict__ out, int n) {
  __shared__ float tile[BLOCK + 2 * RADIUS];
  const int s = threadIdx.x + RADIUS;
  for (int base = blockIdx.x * BLOCK; base < n; base += BLOCK * gridDim.x) {
    const int i = base + threadIdx.x;
    tile[s] = i < n ? in[i] : 0.f;
    if (threadIdx.x < RADIUS) {
      tile[s - RADIUS] = i >= RADIUS && i - RADIUS < n ? in[i - RADIUS] : 0.f;
      tile[s + BLOCK] = i + BLOCK < n ? in[i + BLOCK] : 0.f;
    }
    __syncthreads();
    if (i < n) {
      float acc = 0.f;
#pragma unroll
      for (int k = -RADIUS; k <= RADIUS; ++k) acc += taps[k + RADIUS] * tile[s + k];
      out[i] = acc;
    }
    __syncthreads();
  }
}

void launchConv1d(const float *in, float *out, int n, cudaStream_t st) {
  int blocks = (n + BLOCK - 1) / BLOCK;
  if (blocks > 4096) blocks = 4096;
  conv1d<<<blocks, BLOCK, 0, st>>>(in, out, n);
}
