// HIP block sum with a whole-block early exit: blocks whose slice lies
// entirely past the end return before any barrier (the condition depends on
// blockIdx only). The tree reduction keeps every thread in the loop and at
// every __syncthreads(); only the additions are guarded, and the tail runs
// through the same barrier-separated steps down to one value.

#include <hip/hip_runtime.h>

#define BLOCK 512

__global__ void blockSum(const float *__restrict__ in, float *__restrict__ out, int n, int slicesPerBlock) {
  __shared__ float sdata[BLOCK];
  const int tid = threadIdx.x;
  const long long first = (long long)blockIdx.x * slicesPerBlock * BLOCK;
  if (first >= n) {
    if (tid == 0) out[blockIdx.x] = 0.f;
    return;
  }

  float v = 0.f;
  for (int s = 0; s < slicesPerBlock; ++s) {
    const long long i = first + (long long)s * BLOCK + tid;
    if (i < n) v += in[i];
  }
  sdata[tid] = v;
  __syncthreads();

  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}
