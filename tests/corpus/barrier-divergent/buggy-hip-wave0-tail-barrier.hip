// HIP block sum ported from a CUDA reduction. The shared-memory tree runs
// with barriers until 64 values are left, then the first wavefront
// finishes -- and the port added a __syncthreads() to that tail loop "to be
// safe" on hardware without lockstep guarantees. Only the threads with
// threadIdx.x < 64 reach it: the barrier sits under a thread-dependent
// condition, and the rest of the block never arrives.

#include <hip/hip_runtime.h>

#define BLOCK 512

__global__ void blockSum(const float *__restrict__ in, float *__restrict__ out, int n) {
  __shared__ float sdata[BLOCK];
  const int tid = threadIdx.x;
  const int i = blockIdx.x * BLOCK * 2 + tid;
  float v = 0.f;
  if (i < n) v += in[i];
  if (i + BLOCK < n) v += in[i + BLOCK];
  sdata[tid] = v;
  __syncthreads();

  for (int s = BLOCK / 2; s > 32; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid < 64) {
    for (int s = 32; s > 0; s >>= 1) {
      if (tid < s) sdata[tid] += sdata[tid + s];
      __syncthreads();  // expect: barrier-divergent
    }
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}
