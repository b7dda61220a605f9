// Single-pass sum in the style of the CUDA samples' threadFenceReduction:
// each block reduces its slice, thread 0 stores the block's partial sum and
// takes a ticket; the block with the last ticket reduces the partials.
// The __threadfence() calls were dropped "because the atomic is enough".
#include <cuda_runtime.h>

#define BLOCK 256

__device__ unsigned int retirementCount = 0;

template <unsigned blockSize>
__device__ void reduceBlock(volatile float *sdata, float mySum, unsigned tid) {
  sdata[tid] = mySum;
  __syncthreads();
  for (unsigned s = blockSize / 2; s > 32; s >>= 1) {
    if (tid < s) sdata[tid] = mySum = mySum + sdata[tid + s];
    __syncthreads();
  }
  if (tid < 32) {
    for (int offset = 32; offset > 0; offset >>= 1) mySum += __shfl_down_sync(0xffffffff, mySum, offset);
    if (tid == 0) sdata[0] = mySum;
  }
  __syncthreads();
}

template <unsigned blockSize>
__global__ void reduceSinglePass(const float *g_idata, float *g_odata, unsigned n) {
  __shared__ float sdata[blockSize];
  __shared__ bool amLast;
  unsigned tid = threadIdx.x;
  unsigned gridSize = blockSize * 2 * gridDim.x;
  float mySum = 0.f;
  for (unsigned i = blockIdx.x * blockSize * 2 + tid; i < n; i += gridSize) {
    mySum += g_idata[i];
    if (i + blockSize < n) mySum += g_idata[i + blockSize];
  }
  reduceBlock<blockSize>(sdata, mySum, tid);
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];

  if (gridDim.x > 1) {
    if (tid == 0) {
      unsigned ticket = atomicInc(&retirementCount, gridDim.x); // expect: fence-missing
      amLast = (ticket == gridDim.x - 1);
    }
    __syncthreads();
    if (amLast) {
      float total = 0.f;
      for (unsigned i = tid; i < gridDim.x; i += blockSize) total += g_odata[i]; // expect: fence-missing
      reduceBlock<blockSize>(sdata, total, tid);
      if (tid == 0) {
        g_odata[0] = sdata[0];
        retirementCount = 0;
      }
    }
  }
}

float sum(const float *d_in, float *d_partials, unsigned n, int blocks, cudaStream_t stream) {
  reduceSinglePass<BLOCK><<<blocks, BLOCK, 0, stream>>>(d_in, d_partials, n);
  float h = 0.f;
  cudaMemcpyAsync(&h, d_partials, sizeof(float), cudaMemcpyDeviceToHost, stream);
  cudaStreamSynchronize(stream);
  return h;
}
