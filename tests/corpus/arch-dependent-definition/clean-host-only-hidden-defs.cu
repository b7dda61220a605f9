// corpus-args: --cuda-arch=sm_75,sm_90 -- -fgpu-rdc
// Host-only definitions hidden from device compilation with
// #ifndef __CUDA_ARCH__ (the usual idiom for host helpers in .cu files):
// the host object is linked by the host linker, not the device linker, so
// their absence from the device passes breaks nothing. The device-side
// definitions exist in every device pass.
#include <cuda_runtime.h>

__device__ int g_overflow;

__global__ void clampHistogram(unsigned *hist, int bins, unsigned limit) {
  const int b = blockIdx.x * blockDim.x + threadIdx.x;
  if (b < bins && hist[b] > limit) {
    hist[b] = limit;
    atomicExch(&g_overflow, 1);
  }
}

#ifndef __CUDA_ARCH__
#include <cstdio>

bool histogramOverflowed() {
  int flag = 0;
  cudaMemcpyFromSymbol(&flag, g_overflow, sizeof(int));
  return flag != 0;
}

void clampAndReport(unsigned *dHist, int bins, unsigned limit, cudaStream_t s) {
  const int zero = 0;
  cudaMemcpyToSymbolAsync(g_overflow, &zero, sizeof(int), 0, cudaMemcpyHostToDevice, s);
  clampHistogram<<<(bins + 255) / 256, 256, 0, s>>>(dHist, bins, limit);
  cudaStreamSynchronize(s);
  if (histogramOverflowed()) std::fprintf(stderr, "histogram: some bins were clamped to %u\n", limit);
}
#endif
