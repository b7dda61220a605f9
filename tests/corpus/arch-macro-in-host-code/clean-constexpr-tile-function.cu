// A constexpr function giving the default tile size, with a device and a
// host answer. For clang a constexpr function is implicitly
// __host__ __device__, so its #ifdef __CUDA_ARCH__ is the usual split and
// the host asks for the host-side default on purpose (used to size host
// staging buffers).
#include <cuda_runtime.h>

constexpr int defaultTile() {
#ifdef __CUDA_ARCH__
  return 256;
#else
  return 4096;
#endif
}

__global__ void tileSums(const float *x, int n, float *sums) {
  constexpr int tile = defaultTile();
  float acc = 0.f;
  for (int i = blockIdx.x * tile + threadIdx.x; i < min(n, (int)(blockIdx.x + 1) * tile); i += blockDim.x) acc += x[i];
  atomicAdd(&sums[blockIdx.x], acc);
}

int hostStagingElements(int n) {
  const int chunk = defaultTile();
  return (n + chunk - 1) / chunk * chunk;
}
