// Host-only code hidden from device compilation with
// #if !defined(__CUDA_ARCH__) and no #else, at file scope and inside a
// host function: the host pass compiles all of it, device passes skip it,
// and nothing the host needs is lost.
#include <cuda_runtime.h>

#if !defined(__CUDA_ARCH__)
#include <cstdio>
#include <vector>

static void checkCuda(cudaError_t e, const char *what) {
  if (e != cudaSuccess) std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
}
#endif

__global__ void iota(int *v, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] = i;
}

int sumIota(int n) {
  int *d = nullptr;
  cudaMalloc((void **)&d, n * sizeof(int));
  iota<<<(n + 255) / 256, 256>>>(d, n);
  long long total = 0;
#ifndef __CUDA_ARCH__
  checkCuda(cudaGetLastError(), "iota");
  std::vector<int> h(n);
  checkCuda(cudaMemcpy(h.data(), d, n * sizeof(int), cudaMemcpyDeviceToHost), "copy back");
  for (int x : h) total += x;
#endif
  cudaFree(d);
  return (int)total;
}
