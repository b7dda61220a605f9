// Two-phase histogram normalisation where the grid-wide barrier lives in a
// helper (`gridBarrier`) that the kernel calls between the counting and the
// normalising phase. The host uses cudaLaunchKernel with an argument array,
// which looks like the cooperative launch but is not one.
#include <cooperative_groups.h>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

#define BINS 256

__device__ void gridBarrier() { cg::this_grid().sync(); }

__global__ void histNormalize(const unsigned char *data, size_t n, unsigned *counts, float *pdf) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
    atomicAdd(&counts[data[i]], 1u);
  gridBarrier();
  if (blockIdx.x == 0)
    for (int b = threadIdx.x; b < BINS; b += blockDim.x) pdf[b] = (float)counts[b] / (float)n;
}

cudaError_t runHistNormalize(const unsigned char *data, size_t n, unsigned *counts, float *pdf, cudaStream_t s) {
  void *args[] = {&data, &n, &counts, &pdf};
  return cudaLaunchKernel((const void *)histNormalize, dim3(108), dim3(256), args, 0, s); // expect: grid-sync-without-cooperative-launch
}
