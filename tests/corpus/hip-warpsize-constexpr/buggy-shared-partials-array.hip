// Block-wide sum of squares (the first step of an L2 norm), ported from
// CUDA by replacing 32 with HIP's warpSize everywhere, including the bound
// of the shared array of per-warp partials. warpSize is not a constant
// expression since ROCm 7 (the array bound does not compile); with older
// HIP it is the wave size of the pass being compiled, fixed per binary.
#include <hip/hip_runtime.h>

#define BLOCK 256

__device__ __forceinline__ float waveSum(float v) {
  for (int o = warpSize / 2; o > 0; o /= 2) v += __shfl_down(v, o);
  return v;
}

__global__ void sumSquares(const float *__restrict__ x, size_t n, float *__restrict__ out) {
  __shared__ float partials[BLOCK / warpSize]; // expect: hip-warpsize-constexpr
  const int lane = threadIdx.x % warpSize;
  const int wave = threadIdx.x / warpSize;

  float acc = 0.f;
  for (size_t i = blockIdx.x * (size_t)BLOCK + threadIdx.x; i < n; i += (size_t)BLOCK * gridDim.x)
    acc += x[i] * x[i];
  acc = waveSum(acc);
  if (lane == 0) partials[wave] = acc;
  __syncthreads();

  if (wave == 0) {
    acc = lane < BLOCK / warpSize ? partials[lane] : 0.f;
    acc = waveSum(acc);
    if (lane == 0) atomicAdd(out, acc);
  }
}

void l2NormSquared(const float *x, size_t n, float *out, hipStream_t s) {
  hipMemsetAsync(out, 0, sizeof(float), s);
  hipLaunchKernelGGL(sumSquares, dim3(512), dim3(BLOCK), 0, s, x, n, out);
}
