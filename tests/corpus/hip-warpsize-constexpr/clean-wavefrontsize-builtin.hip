// Device code that asks the compiler for the wave size of the target being
// compiled with __builtin_amdgcn_wavefrontsize() (a run-time value folded
// per target, the replacement for __AMDGCN_WAVEFRONT_SIZE), with platform
// tests on __HIP_PLATFORM_AMD__ and __HIP_DEVICE_COMPILE__, which clang
// still defines.
#include <hip/hip_runtime.h>

__device__ __forceinline__ int targetWaveSize() {
#if defined(__HIP_PLATFORM_AMD__) && defined(__HIP_DEVICE_COMPILE__)
  return __builtin_amdgcn_wavefrontsize();
#else
  return warpSize;
#endif
}

// Per-wavefront count of finite values (NaN/Inf screening of activations).
__global__ void countFinite(const float *x, size_t n, unsigned long long *finite) {
  const int ws = targetWaveSize();
  const int lane = threadIdx.x % ws;
  unsigned long long local = 0;
  for (size_t base = blockIdx.x * (size_t)blockDim.x; base < n; base += (size_t)gridDim.x * blockDim.x) {
    const size_t i = base + threadIdx.x;
    local += __popcll(__ballot(i < n && isfinite(x[i])));
  }
  if (lane == 0) atomicAdd(finite, local);
}
