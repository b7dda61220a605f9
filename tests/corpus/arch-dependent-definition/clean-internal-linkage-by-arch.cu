// corpus-args: --cuda-arch=sm_75,sm_90 -- -fgpu-rdc
// Arch-specific helpers that no other object can link against: `static`
// functions and variables, and an anonymous namespace. Each device object
// uses its own copies, so their presence may depend on __CUDA_ARCH__ even
// with relocatable device code. The exported kernel exists in every pass.
#include <cuda_runtime.h>

#if __CUDA_ARCH__ >= 800
static __device__ unsigned warpCount(unsigned v) { return __reduce_add_sync(0xffffffffu, v); }
namespace {
__device__ unsigned long long g_fastPathLaunches;
}
#else
static __device__ unsigned warpCount(unsigned v) {
  for (int o = 16; o > 0; o /= 2) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}
#endif

// Counts the positive entries; every thread of the grid reaches the vote.
__global__ void countPositive(const float *x, int n, unsigned *count) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned c = warpCount(i < n && x[i] > 0.f ? 1u : 0u);
  if ((threadIdx.x & 31) == 0) atomicAdd(count, c);
#if __CUDA_ARCH__ >= 800
  if (i == 0) atomicAdd(&g_fastPathLaunches, 1ull);
#endif
}
