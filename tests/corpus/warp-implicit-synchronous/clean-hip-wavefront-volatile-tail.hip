// HIP block reduction for AMD GPUs with the classic wavefront-synchronous
// tail over volatile shared memory. On AMD hardware the lanes of a
// wavefront execute in lockstep, so the unrolled tail is the documented
// idiom there (rocPRIM's older reductions did the same); the tail length
// follows warpSize, so it is right for wave64 and wave32 targets alike.
// This is not the CUDA bug: no independent thread scheduling within a
// wavefront.

#include <hip/hip_runtime.h>

#define BLOCK 256

__device__ void waveTail(volatile float *s, int tid) {
  for (int o = warpSize; o > 0; o >>= 1)
    if (tid < o) s[tid] += s[tid + o];
}

__global__ void blockSum(const float *__restrict__ in, float *__restrict__ out, int n) {
  __shared__ float s[BLOCK];
  const int tid = threadIdx.x;
  float v = 0.f;
  for (int i = blockIdx.x * BLOCK + tid; i < n; i += BLOCK * gridDim.x) v += in[i];
  s[tid] = v;
  __syncthreads();
  for (int k = BLOCK / 2; k > warpSize; k >>= 1) {
    if (tid < k) s[tid] += s[tid + k];
    __syncthreads();
  }
  if (tid < warpSize) waveTail(s, tid);
  if (tid == 0) out[blockIdx.x] = s[0];
}
