// Host-side heuristic that picks the tile width of a convolution from the
// architecture with `#if __CUDA_ARCH__ >= 800` inside an ordinary host
// function. __CUDA_ARCH__ is never defined in host code, so the heuristic
// always returns the pre-Ampere tile, whatever GPU the program runs on.
#include <cuda_runtime.h>

template <int TW>
__global__ void conv1dTiled(const float *x, const float *w, float *y, int n, int k) {
  __shared__ float tile[TW + 64];
  const int base = blockIdx.x * TW;
  for (int i = threadIdx.x; i < TW + k - 1; i += blockDim.x) tile[i] = base + i < n ? x[base + i] : 0.f;
  __syncthreads();
  for (int o = threadIdx.x; o < TW && base + o < n; o += blockDim.x) {
    float acc = 0.f;
    for (int j = 0; j < k; ++j) acc += tile[o + j] * w[j];
    y[base + o] = acc;
  }
}

int pickTileWidth(int n) {
#if __CUDA_ARCH__ >= 800 // expect: arch-macro-in-host-code
  return n >= (1 << 20) ? 1024 : 512;
#else
  return 256;
#endif
}

void conv1d(const float *x, const float *w, float *y, int n, int k, cudaStream_t s) {
  const int tw = pickTileWidth(n);
  if (tw == 1024) conv1dTiled<1024><<<(n + 1023) / 1024, 256, 0, s>>>(x, w, y, n, k);
  else if (tw == 512) conv1dTiled<512><<<(n + 511) / 512, 256, 0, s>>>(x, w, y, n, k);
  else conv1dTiled<256><<<(n + 255) / 256, 256, 0, s>>>(x, w, y, n, k);
}
