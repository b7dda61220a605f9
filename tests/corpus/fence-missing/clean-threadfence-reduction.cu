// Single-pass sum, done right: the partial sum is fenced before the ticket,
// and the last block fences before it reads the other blocks' partials.
#include <cuda_runtime.h>

#define BLOCK 256

__device__ unsigned int retirementCount = 0;

template <unsigned blockSize>
__device__ float reduceBlock(float *sdata, float mySum, unsigned tid) {
  sdata[tid] = mySum;
  __syncthreads();
  for (unsigned s = blockSize / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] = mySum = mySum + sdata[tid + s];
    __syncthreads();
  }
  float r = sdata[0];
  __syncthreads();
  return r;
}

template <unsigned blockSize>
__global__ void reduceSinglePass(const float *g_idata, float *g_odata, unsigned n) {
  __shared__ float sdata[blockSize];
  __shared__ bool amLast;
  unsigned tid = threadIdx.x;
  float mySum = 0.f;
  for (unsigned i = blockIdx.x * blockSize + tid; i < n; i += blockSize * gridDim.x) mySum += g_idata[i];
  float blockTotal = reduceBlock<blockSize>(sdata, mySum, tid);

  if (tid == 0) {
    g_odata[blockIdx.x] = blockTotal;
    __threadfence();
    unsigned ticket = atomicInc(&retirementCount, gridDim.x);
    amLast = (ticket == gridDim.x - 1);
  }
  __syncthreads();
  if (amLast) {
    __threadfence();
    float total = 0.f;
    for (unsigned i = tid; i < gridDim.x; i += blockSize) total += g_odata[i];
    total = reduceBlock<blockSize>(sdata, total, tid);
    if (tid == 0) {
      g_odata[0] = total;
      retirementCount = 0;
    }
  }
}

void sum(const float *d_in, float *d_partials, unsigned n, int blocks) {
  reduceSinglePass<BLOCK><<<blocks, BLOCK>>>(d_in, d_partials, n);
}
