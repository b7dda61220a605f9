// A generic launcher template for persistent kernels: it takes the kernel
// as a function pointer, packs the arguments and always uses the
// cooperative launch. The k-means step below goes through it.
#include <cooperative_groups.h>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

#define K 8

template <typename... Args>
cudaError_t launchPersistent(void (*kernel)(Args...), int blocksPerSm, dim3 block, cudaStream_t s, Args... args) {
  int dev = 0, sms = 0;
  cudaGetDevice(&dev);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
  void *packed[] = {&args...};
  return cudaLaunchCooperativeKernel((void *)kernel, dim3(sms * blocksPerSm), block, packed, 0, s);
}

__global__ void kmeansStep(const float2 *pts, int n, float2 *centroids, float2 *sums, int *counts) {
  cg::grid_group grid = cg::this_grid();
  for (int i = grid.thread_rank(); i < n; i += grid.size()) {
    int best = 0;
    float bd = INFINITY;
    for (int k = 0; k < K; ++k) {
      const float dx = pts[i].x - centroids[k].x, dy = pts[i].y - centroids[k].y;
      if (dx * dx + dy * dy < bd) { bd = dx * dx + dy * dy; best = k; }
    }
    atomicAdd(&sums[best].x, pts[i].x);
    atomicAdd(&sums[best].y, pts[i].y);
    atomicAdd(&counts[best], 1);
  }
  grid.sync();
  if (grid.thread_rank() < K && counts[grid.thread_rank()] > 0) {
    const int k = grid.thread_rank();
    centroids[k] = make_float2(sums[k].x / counts[k], sums[k].y / counts[k]);
  }
}

cudaError_t kmeans(const float2 *pts, int n, float2 *centroids, float2 *sums, int *counts, cudaStream_t s) {
  return launchPersistent(kmeansStep, 2, dim3(256), s, pts, n, centroids, sums, counts);
}
