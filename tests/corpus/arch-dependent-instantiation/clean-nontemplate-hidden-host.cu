// corpus-args: --cuda-arch=sm_80,sm_90
// A plain (non-template) kernel launched from a host-only section of the
// file. An ordinary __global__ function is compiled by every device pass
// whether or not the pass sees its launch, so hiding the launcher costs
// nothing.
#include <cuda_runtime.h>

__global__ void initLevels(int *levels, int n, int source) {
  for (int v = blockIdx.x * blockDim.x + threadIdx.x; v < n; v += blockDim.x * gridDim.x)
    levels[v] = v == source ? 0 : -1;
}

__global__ void countReached(const int *levels, int n, int *reached) {
  int local = 0;
  for (int v = blockIdx.x * blockDim.x + threadIdx.x; v < n; v += blockDim.x * gridDim.x) local += levels[v] >= 0;
  atomicAdd(reached, local);
}

#ifndef __CUDA_ARCH__
#include <vector>

int reachableCount(int *dLevels, int n, int source, int *dReached, cudaStream_t s) {
  initLevels<<<(n + 255) / 256, 256, 0, s>>>(dLevels, n, source);
  // ... BFS iterations launched elsewhere ...
  cudaMemsetAsync(dReached, 0, sizeof(int), s);
  countReached<<<(n + 255) / 256, 256, 0, s>>>(dLevels, n, dReached);
  std::vector<int> host(1);
  cudaMemcpyAsync(host.data(), dReached, sizeof(int), cudaMemcpyDeviceToHost, s);
  cudaStreamSynchronize(s);
  return host[0];
}
#endif
