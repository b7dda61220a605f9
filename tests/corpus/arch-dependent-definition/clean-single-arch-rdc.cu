// corpus-args: --cuda-arch=sm_90 -- -fgpu-rdc
// A Hopper-only build with relocatable device code: there is one device
// pass, so a definition under `#if __CUDA_ARCH__ >= 900` is present in
// every device object that is built.
#include <cuda_runtime.h>

#if __CUDA_ARCH__ >= 900
__device__ unsigned long long g_tilesDone;

__device__ void markTileDone() { atomicAdd(&g_tilesDone, 1ull); }
#endif

__global__ void processTiles(float *data, int tiles, int tileSize) {
  for (int t = blockIdx.x; t < tiles; t += gridDim.x) {
    for (int i = threadIdx.x; i < tileSize; i += blockDim.x) data[(size_t)t * tileSize + i] *= 0.5f;
    __syncthreads();
#if __CUDA_ARCH__ >= 900
    if (threadIdx.x == 0) markTileDone();
#endif
  }
}
