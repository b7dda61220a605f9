// Global max-abs for dynamic quantisation (int8 scale), single pass: each
// block writes its partial max, fences, and takes a ticket; the last block
// computes the scale from all partials. The writer side is right, but the
// last block reads the partials through a plain pointer with no fence
// after the ticket told it everyone is done.
#include <cuda_runtime.h>

__device__ unsigned int blocksDone = 0;

__device__ float blockMaxAbs(const float *x, int n, float *red) {
  float m = 0.f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) m = fmaxf(m, fabsf(x[i]));
  red[threadIdx.x] = m;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) red[threadIdx.x] = fmaxf(red[threadIdx.x], red[threadIdx.x + s]);
    __syncthreads();
  }
  return red[0];
}

__global__ void quantScale(const float *x, int n, float *partialMax, float *scale) {
  __shared__ float red[256];
  __shared__ bool isLast;
  float m = blockMaxAbs(x, n, red);
  if (threadIdx.x == 0) {
    partialMax[blockIdx.x] = m;
    __threadfence();
    unsigned ticket = atomicInc(&blocksDone, gridDim.x);
    isLast = ticket == gridDim.x - 1;
  }
  __syncthreads();
  if (!isLast) return;
  float g = 0.f;
  for (unsigned b = threadIdx.x; b < gridDim.x; b += blockDim.x) g = fmaxf(g, partialMax[b]); // expect: fence-missing
  red[threadIdx.x] = g;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) red[threadIdx.x] = fmaxf(red[threadIdx.x], red[threadIdx.x + s]);
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    *scale = red[0] > 0.f ? red[0] / 127.f : 1.f;
    blocksDone = 0;
  }
}
