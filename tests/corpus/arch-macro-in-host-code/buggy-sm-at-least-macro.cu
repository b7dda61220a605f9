// A helper macro ARCH_AT_LEAST(v), "compiled for compute capability v or
// newer", convenient in device code, was also used in host code to decide
// whether to enable the asynchronous-copy staging path. In a host function
// __CUDA_ARCH__ is undefined (0 in #if), so the test is always false and
// the host never selects the cp.async path, even on sm_80+ GPUs.
#include <cuda_runtime.h>
#include <cuda_pipeline.h>

#define ARCH_AT_LEAST(v) (__CUDA_ARCH__ >= (v))

// Reverses each 256-element tile through shared memory.
__global__ void reverseTiles(const float4 *src, float4 *dst, int tiles, bool useAsync) {
  __shared__ float4 stage[256];
  for (int t = blockIdx.x; t < tiles; t += gridDim.x) {
    const float4 *from = src + (size_t)t * 256 + threadIdx.x;
#if ARCH_AT_LEAST(800)
    if (useAsync) {
      __pipeline_memcpy_async(&stage[threadIdx.x], from, sizeof(float4));
      __pipeline_commit();
      __pipeline_wait_prior(0);
    } else {
      stage[threadIdx.x] = *from;
    }
#else
    stage[threadIdx.x] = *from;
#endif
    __syncthreads();
    dst[(size_t)t * 256 + threadIdx.x] = stage[255 - threadIdx.x];
    __syncthreads();
  }
}

void reverseAll(const float4 *src, float4 *dst, int tiles, cudaStream_t s) {
  bool useAsync = false;
#if ARCH_AT_LEAST(800) // expect: arch-macro-in-host-code
  useAsync = true;
#endif
  reverseTiles<<<tiles < 1024 ? tiles : 1024, 256, 0, s>>>(src, dst, tiles, useAsync);
}
