// corpus-args: --cuda-arch=sm_75,sm_90
// Single-pass scan whose decoupled look-back needs a tile-status array on
// sm_90 only; the extra kernel parameter was added under a __CUDA_ARCH__
// test. The host pass (arch undefined) declares the kernel with four
// parameters and launches it so; the sm_90 kernel expects five and reads
// `tileStatus` where the host put `n`, and `n` from where it put nothing.
#include <cuda_runtime.h>

#if __CUDA_ARCH__ >= 900
#define LOOKBACK_PARAMS , unsigned long long *tileStatus
#else
#define LOOKBACK_PARAMS
#endif

__global__ void scanTiles(const int *in, int *out, int *tileSums LOOKBACK_PARAMS, int n) { // expect: arch-dependent-signature
  __shared__ int s[256];
  const int g = blockIdx.x * 256 + threadIdx.x;
  s[threadIdx.x] = g < n ? in[g] : 0;
  __syncthreads();
  for (int d = 1; d < 256; d *= 2) {
    const int v = threadIdx.x >= d ? s[threadIdx.x - d] : 0;
    __syncthreads();
    s[threadIdx.x] += v;
    __syncthreads();
  }
  if (g < n) out[g] = s[threadIdx.x];
  if (threadIdx.x == 255) tileSums[blockIdx.x] = s[255];
#if __CUDA_ARCH__ >= 900
  if (threadIdx.x == 255) tileStatus[blockIdx.x] = (1ull << 32) | (unsigned)s[255];
#endif
}

// Host-side code, kept out of device compilation.
#if !defined(__CUDA_ARCH__)
void scan(const int *in, int *out, int *tileSums, int n, cudaStream_t st) {
  scanTiles<<<(n + 255) / 256, 256, 0, st>>>(in, out, tileSums, n);
}
#endif
