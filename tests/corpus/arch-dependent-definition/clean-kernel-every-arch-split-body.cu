// corpus-args: --cuda-arch=sm_80,sm_90 -- -fgpu-rdc
// A kernel exported to other objects under separate compilation whose
// body differs per architecture: on sm_90 it reduces with a warp-level
// __reduce_add_sync and one atomic per warp, elsewhere with a shared
// memory tree. The kernel and the __device__ counter it updates are
// defined in every device pass; only their bodies follow __CUDA_ARCH__.
#include <cuda_runtime.h>

__device__ unsigned long long g_itemsSeen;

__global__ void countAboveThreshold(const int *v, int n, int threshold, unsigned *count) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned hit = i < n && v[i] > threshold ? 1u : 0u;
#if __CUDA_ARCH__ >= 900
  const unsigned warpHits = __reduce_add_sync(0xffffffffu, hit);
  if ((threadIdx.x & 31) == 0 && warpHits) atomicAdd(count, warpHits);
#else
  __shared__ unsigned s[256];
  s[threadIdx.x] = hit;
  __syncthreads();
  for (int k = blockDim.x / 2; k > 0; k /= 2) {
    if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k];
    __syncthreads();
  }
  if (threadIdx.x == 0 && s[0]) atomicAdd(count, s[0]);
#endif
  if (i == 0) atomicAdd(&g_itemsSeen, (unsigned long long)n);
}
