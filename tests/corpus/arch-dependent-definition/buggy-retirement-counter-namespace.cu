// corpus-args: --cuda-arch=sm_52,sm_80 -- -fgpu-rdc
// Single-pass reduction with a "last block finishes the job" retirement
// counter (the threadFenceReduction sample), whose counter lives in a
// detail namespace so that other translation units can reset it. The
// counter and the finishing kernel were put under
// `#if __CUDA_ARCH__ >= 600` together with a double-precision path that
// needs native atomics; the sm_52 device object then lacks both
// definitions that the other objects link against.
#include <cuda_runtime.h>

namespace detail {
#if __CUDA_ARCH__ >= 600
__device__ unsigned int g_retirementCount; // expect: arch-dependent-definition

__global__ void sumFinish(const double *partials, int numBlocks, double *out) { // expect: arch-dependent-definition
  __shared__ bool amLast;
  double acc = 0.0;
  for (int i = threadIdx.x; i < numBlocks; i += blockDim.x) acc += partials[i];
  atomicAdd(out, acc);
  __threadfence();
  if (threadIdx.x == 0) amLast = atomicInc(&g_retirementCount, gridDim.x) == gridDim.x - 1;
  __syncthreads();
  if (amLast && threadIdx.x == 0) g_retirementCount = 0;
}
#endif
} // namespace detail
