// corpus-args: --cuda-arch=sm_75,sm_90
// Whole-program compilation (no -rdc): each architecture's device code is
// linked on its own, from this translation unit only, so a definition
// that exists for sm_90 alone cannot leave another object without a
// symbol. The Hopper-only buffer and kernel are fine here.
#include <cuda_runtime.h>

#if __CUDA_ARCH__ >= 900
__device__ float g_stage[4096];

__global__ void stagedCopy(const float *in, float *out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n && i < 4096; i += blockDim.x * gridDim.x) {
    g_stage[i] = in[i];
    out[i] = g_stage[i] * 2.f;
  }
}
#endif

__global__ void plainCopy(const float *in, float *out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) out[i] = in[i] * 2.f;
}
