// corpus-args: --cuda-arch=sm_75,sm_90 -- -fgpu-rdc
// The fixed form of an arch-dependent library helper under separate
// compilation: the definitions of roundToBf16, the histogram buffer and
// the Hopper-tuned kernel exist in every device pass, and only what is
// inside them depends on __CUDA_ARCH__.
#include <cuda_runtime.h>
#include <cuda_bf16.h>

__host__ __device__ float roundToBf16(float x) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  return __bfloat162float(__float2bfloat16_rn(x));
#else
  unsigned u;
  memcpy(&u, &x, sizeof u);
  u = (u + 0x7fffu + ((u >> 16) & 1u)) & 0xffff0000u;
  float r;
  memcpy(&r, &u, sizeof r);
  return r;
#endif
}

__device__ unsigned g_hist[256];

__global__ void histogramBytes(const unsigned char *data, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
#if __CUDA_ARCH__ >= 700
  const unsigned active = __ballot_sync(0xffffffffu, i < n);
  if (i >= n) return;
  const unsigned peers = __match_any_sync(active, data[i]);
  if ((threadIdx.x & 31) == (unsigned)(__ffs(peers) - 1)) atomicAdd(&g_hist[data[i]], (unsigned)__popc(peers));
#else
  if (i < n) atomicAdd(&g_hist[data[i]], 1u);
#endif
}
