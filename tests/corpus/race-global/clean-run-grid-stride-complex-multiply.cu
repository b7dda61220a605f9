// corpus-run:
// Pointwise product of two complex spectra (the middle step of an FFT
// convolution), stored interleaved: element k is re = z[2k], im = z[2k+1].
// A grid-stride loop with far fewer threads than elements: thread t of the
// grid handles k = t, t + stride, t + 2 * stride, ..., and writes both
// halves of its own element in place over the first spectrum.
//
// Clean: the loop visits each k exactly once across the whole grid, and
// element k's two words are read and written by that one thread only.
// Neighbouring words belong to neighbouring threads (of the same warp, or
// of another block at the end of each block's share), but no word is ever
// touched by two threads, so nothing needs ordering.
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(call)                                                              \
  do {                                                                           \
    cudaError_t err_ = (call);                                                   \
    if (err_ != cudaSuccess) {                                                   \
      fprintf(stderr, "CUDA error at %s:%d: %s\n", __FILE__, __LINE__,            \
              cudaGetErrorString(err_));                                         \
      return 1;                                                                  \
    }                                                                            \
  } while (0)

constexpr int kBins = 10000;

__global__ void complex_multiply_inplace(float* a, const float* b, int bins, float scale) {
  const int stride = gridDim.x * blockDim.x;
  for (int k = blockIdx.x * blockDim.x + threadIdx.x; k < bins; k += stride) {
    const float ar = a[2 * k], ai = a[2 * k + 1];
    const float br = b[2 * k], bi = b[2 * k + 1];
    a[2 * k] = (ar * br - ai * bi) * scale;
    a[2 * k + 1] = (ar * bi + ai * br) * scale;
  }
}

int main() {
  float *a, *b;
  CHECK(cudaMallocManaged(&a, 2 * kBins * sizeof(float)));
  CHECK(cudaMallocManaged(&b, 2 * kBins * sizeof(float)));
  for (int k = 0; k < kBins; ++k) {
    a[2 * k] = (float)(k % 11) - 5.f;
    a[2 * k + 1] = (float)(k % 7) * 0.5f;
    b[2 * k] = 1.f / (1.f + (float)(k % 13));
    b[2 * k + 1] = -(float)(k % 3) * 0.25f;
  }
  complex_multiply_inplace<<<24, 128>>>(a, b, kBins, 1.f / kBins);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  double re = 0, im = 0;
  for (int k = 0; k < kBins; ++k) {
    re += a[2 * k];
    im += a[2 * k + 1];
  }
  printf("complex_multiply: %d bins, sum %.6f %+.6fi\n", kBins, re, im);
  CHECK(cudaFree(a));
  CHECK(cudaFree(b));
  return 0;
}
