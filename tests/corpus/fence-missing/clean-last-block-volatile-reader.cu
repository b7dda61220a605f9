// The Programming Guide's single-pass sum, as written there: the partial
// sums are stored, __threadfence() orders them before the ticket, and the
// last block reads the partials through a volatile pointer.
#include <cuda_runtime.h>

__device__ unsigned int count = 0;

__device__ float calculatePartialSum(const float *array, unsigned n, float *red) {
  float s = 0.f;
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) s += array[i];
  red[threadIdx.x] = s;
  __syncthreads();
  for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
    if (threadIdx.x < k) red[threadIdx.x] += red[threadIdx.x + k];
    __syncthreads();
  }
  return red[0];
}

__global__ void sum(const float *array, unsigned int N, volatile float *result) {
  __shared__ bool isLastBlockDone;
  __shared__ float red[256];
  float partialSum = calculatePartialSum(array, N, red);
  if (threadIdx.x == 0) {
    result[blockIdx.x] = partialSum;
    __threadfence();
    unsigned int value = atomicInc(&count, gridDim.x);
    isLastBlockDone = (value == (gridDim.x - 1));
  }
  __syncthreads();
  if (isLastBlockDone) {
    if (threadIdx.x == 0) {
      float totalSum = 0.f;
      for (unsigned b = 0; b < gridDim.x; ++b) totalSum += result[b];
      result[0] = totalSum;
      count = 0;
    }
  }
}
