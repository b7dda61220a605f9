// corpus-args: --cuda-arch=sm_75,sm_90 -- -fgpu-rdc
// Declarations, not definitions, under __CUDA_ARCH__ tests: the sm_90 code
// path uses a tensor-map table defined by another object for every
// architecture, and the older path a lookup table defined there too. An
// `extern` declaration or a function prototype that only some passes see
// defines nothing, so nothing can be missing from this object.
#include <cuda_runtime.h>

#if __CUDA_ARCH__ >= 900
extern __device__ unsigned long long g_tileDescriptors[64];
__device__ float loadTileHopper(int tile, int i);
#else
extern __constant__ float c_tileScale[64];
#endif

__device__ float loadTile(const float *base, int tile, int i) {
#if __CUDA_ARCH__ >= 900
  return g_tileDescriptors[tile] ? loadTileHopper(tile, i) : base[tile * 1024 + i];
#else
  return base[tile * 1024 + i] * c_tileScale[tile];
#endif
}

__global__ void sumTiles(const float *base, int tiles, float *out) {
  float acc = 0.f;
  for (int i = threadIdx.x; i < 1024; i += blockDim.x) acc += loadTile(base, blockIdx.x % tiles, i);
  atomicAdd(&out[blockIdx.x % tiles], acc);
}
