// corpus-args: --cuda-arch=sm_75,sm_86,sm_90 -- -fgpu-rdc
// Definitions guarded by `#if __CUDA_ARCH__ >= 700` (to keep them away
// from pre-Volta builds, which need __syncwarp emulation). This build
// targets sm_75, sm_86 and sm_90 only, so every device pass defines them.
#include <cuda_runtime.h>

#if __CUDA_ARCH__ >= 700
__device__ unsigned g_groupCounts[1024];

// Adds each group of equal keys in a warp with one atomic by its leader.
__device__ void addByGroup(unsigned active, unsigned key) {
  const unsigned peers = __match_any_sync(active, key);
  if ((threadIdx.x & 31) == (unsigned)(__ffs(peers) - 1)) atomicAdd(&g_groupCounts[key], (unsigned)__popc(peers));
}

__global__ void countGroups(const unsigned *keys, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned active = __ballot_sync(0xffffffffu, i < n);
  if (i >= n) return;
  addByGroup(active, keys[i] & 1023u);
}
#endif
