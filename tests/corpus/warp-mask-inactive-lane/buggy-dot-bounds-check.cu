// Dot product x.y: every thread multiplies one pair, each warp sums its 32
// products with a shuffle tree, warp leaders leave their partial in shared
// memory and warp 0 adds the partials. The shuffle tree was written inside
// the bounds check `if (i < n)`: in the last block the lanes past n never
// reach it, yet the full mask names them (and the block barrier sits after
// it, so the whole warp-0 stage still runs).

#define FULL_MASK 0xffffffffu
#define BLOCK 256

__global__ void dotKernel(const float *__restrict__ x, const float *__restrict__ y, float *__restrict__ result,
                          int n) {
  __shared__ float partial[BLOCK / 32];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x % 32;
  const int warp = threadIdx.x / 32;

  float sum = 0.f;
  if (i < n) {
    sum = x[i] * y[i];
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1)
      sum += __shfl_down_sync(FULL_MASK, sum, offset); // expect: warp-mask-inactive-lane
  }
  if (lane == 0) partial[warp] = sum;
  __syncthreads();

  if (warp == 0) {
    sum = lane < BLOCK / 32 ? partial[lane] : 0.f;
    for (int offset = 16; offset > 0; offset >>= 1)
      sum += __shfl_down_sync(FULL_MASK, sum, offset);
    if (lane == 0) atomicAdd(result, sum);
  }
}

void dot(const float *x, const float *y, float *result, int n, cudaStream_t stream) {
  cudaMemsetAsync(result, 0, sizeof(float), stream);
  dotKernel<<<(n + BLOCK - 1) / BLOCK, BLOCK, 0, stream>>>(x, y, result, n);
}
