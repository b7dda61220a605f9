// corpus-args: --cuda-arch=sm_75,sm_90 -- -fgpu-rdc
// Scratch space for a split-K GEMM reduction, shared by the GEMM objects
// of a library built with separate compilation. The author made the
// sm_90 objects own the buffer and the older ones merely declare it
// ("they get it from the other object"), but each architecture's device
// code is linked separately: the sm_75 link has only declarations of
// g_splitkScratch and fails with an unresolved symbol.
#include <cuda_runtime.h>

#define SPLITK_SCRATCH_FLOATS (1 << 20)

#if __CUDA_ARCH__ >= 900
__device__ float g_splitkScratch[SPLITK_SCRATCH_FLOATS]; // expect: arch-dependent-definition
#else
extern __device__ float g_splitkScratch[SPLITK_SCRATCH_FLOATS];
#endif

__global__ void splitkReduce(float *C, int mn, int splits) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < mn; i += blockDim.x * gridDim.x) {
    float acc = 0.f;
    for (int s = 0; s < splits; ++s) acc += g_splitkScratch[(size_t)s * mn + i];
    C[i] = acc;
  }
}
