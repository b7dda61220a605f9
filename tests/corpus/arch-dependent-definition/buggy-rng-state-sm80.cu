// corpus-args: --cuda-arch=sm_75,sm_86 -- -fgpu-rdc
// Per-thread random-number state for a Monte Carlo photon transport code
// split into several translation units (-rdc=true): this file owns the
// state array and its seeding kernel, others `extern` the array and draw
// from it. Both definitions are inside `#if __CUDA_ARCH__ >= 800`, left
// over from an experiment with an Ampere-only generator; the sm_75
// device link of the transport objects cannot resolve g_rngState.
#include <cuda_runtime.h>

#define MAX_THREADS (1 << 20)

struct XorShift128 {
  unsigned x, y, z, w;
};

#if __CUDA_ARCH__ >= 800
__device__ XorShift128 g_rngState[MAX_THREADS]; // expect: arch-dependent-definition

__global__ void seedRng(unsigned long long seed, int n) { // expect: arch-dependent-definition
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned long long z = seed + 0x9e3779b97f4a7c15ull * (i + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  g_rngState[i] = {(unsigned)z, (unsigned)(z >> 32), 0x6c078965u ^ (unsigned)i, 0x2545f491u};
}
#endif
