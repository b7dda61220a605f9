// A logging macro defined by the host/device split only: device code gets
// printf, host code gets fprintf with a prefix. Host code expanding it is
// meant to get the host definition, so using LOG_WARN in a host function
// is correct.
#include <cuda_runtime.h>
#include <cstdio>

#ifdef __CUDA_ARCH__
#define LOG_WARN(fmt, ...) printf("[gpu] " fmt "\n", __VA_ARGS__)
#else
#define LOG_WARN(fmt, ...) std::fprintf(stderr, "[host] " fmt "\n", __VA_ARGS__)
#endif

__global__ void checkFinite(const float *x, int n, int *bad) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && !isfinite(x[i])) {
    if (atomicAdd(bad, 1) == 0) LOG_WARN("first non-finite value at %d", i);
  }
}

bool allFinite(const float *d, int n, int *dBad, cudaStream_t s) {
  cudaMemsetAsync(dBad, 0, sizeof(int), s);
  checkFinite<<<(n + 255) / 256, 256, 0, s>>>(d, n, dBad);
  int bad = 0;
  cudaMemcpyAsync(&bad, dBad, sizeof(int), cudaMemcpyDeviceToHost, s);
  cudaStreamSynchronize(s);
  if (bad) LOG_WARN("%d non-finite values in a tensor of %d", bad, n);
  return bad == 0;
}
