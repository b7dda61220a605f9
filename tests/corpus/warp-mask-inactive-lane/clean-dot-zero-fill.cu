// Dot product x.y with the bounds check moved off the shuffles: lanes past
// n contribute 0 and take part in every step, so the full mask names
// exactly the lanes that call. Second stage in warp 0 only (a warp-uniform
// branch) with the same zero fill for the lanes that hold no partial.

#define FULL_MASK 0xffffffffu
#define BLOCK 256

__device__ __forceinline__ float warpSum(float v) {
#pragma unroll
  for (int offset = 16; offset > 0; offset >>= 1) v += __shfl_down_sync(FULL_MASK, v, offset);
  return v;
}

__global__ void dotKernel(const float *__restrict__ x, const float *__restrict__ y, float *__restrict__ result,
                          int n) {
  __shared__ float partial[BLOCK / 32];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x % 32;
  const int warp = threadIdx.x / 32;

  float sum = i < n ? x[i] * y[i] : 0.f;
  sum = warpSum(sum);
  if (lane == 0) partial[warp] = sum;
  __syncthreads();

  if (warp == 0) {
    sum = lane < BLOCK / 32 ? partial[lane] : 0.f;
    sum = warpSum(sum);
    if (lane == 0) atomicAdd(result, sum);
  }
}

void dot(const float *x, const float *y, float *result, int n, cudaStream_t stream) {
  cudaMemsetAsync(result, 0, sizeof(float), stream);
  dotKernel<<<(n + BLOCK - 1) / BLOCK, BLOCK, 0, stream>>>(x, y, result, n);
}
