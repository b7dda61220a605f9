// corpus-args: --cuda-arch=sm_60,sm_80 -- -fgpu-rdc
// A global histogram buffer shared between translation units compiled
// with -rdc=true: this file defines it, others declare it
// `extern __device__ unsigned g_hist[256]` and add to it. The definition
// sits inside the #if that selects the sm_70+ kernel below, so the sm_60
// device object does not define g_hist (nor the kernel, whose host stub
// every object's host code may launch), and the device link of the other
// objects for sm_60 fails.
#include <cuda_runtime.h>

#if __CUDA_ARCH__ >= 700
__device__ unsigned g_hist[256]; // expect: arch-dependent-definition

// Warp-aggregated update with __match_any_sync (sm_70+).
__global__ void histogramMatch(const unsigned char *data, int n) { // expect: arch-dependent-definition
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned active = __ballot_sync(0xffffffffu, i < n);
  if (i >= n) return;
  const unsigned b = data[i];
  const unsigned peers = __match_any_sync(active, b);
  if ((threadIdx.x & 31) == (unsigned)(__ffs(peers) - 1)) atomicAdd(&g_hist[b], (unsigned)__popc(peers));
}
#endif
