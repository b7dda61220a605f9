// corpus-args: --cuda-arch=sm_75,sm_90 -- -fgpu-rdc
// Colour-space conversion tables in constant memory, shared by several
// translation units through `extern __constant__` declarations (separate
// compilation). They were only needed by the pre-Ampere code path, so
// their definitions were put under `#if __CUDA_ARCH__ < 800`; but the
// other objects still reference them in their sm_90 code, and the sm_90
// device object of this file no longer provides them.
#include <cuda_runtime.h>

// From the shared header.
extern __constant__ float c_srgbToLinear[256];
extern __constant__ unsigned char c_linearToSrgb[4096];

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
__constant__ float c_srgbToLinear[256]; // expect: arch-dependent-definition
__constant__ unsigned char c_linearToSrgb[4096]; // expect: arch-dependent-definition

__device__ float srgbByteToLinear(unsigned char v) { return c_srgbToLinear[v]; } // expect: arch-dependent-definition
#endif

void uploadColorTables(const float *toLinear, const unsigned char *toSrgb) {
  cudaMemcpyToSymbol(c_srgbToLinear, toLinear, sizeof(c_srgbToLinear));
  cudaMemcpyToSymbol(c_linearToSrgb, toSrgb, sizeof(c_linearToSrgb));
}
