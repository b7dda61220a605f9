// K-means assignment + update in one persistent kernel. The phase barrier
// is a small lambda inside the kernel that wraps this_grid().sync(); the
// host launches the kernel with <<<>>>.
#include <cooperative_groups.h>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

#define K 8

__global__ void kmeansStep(const float2 *pts, int n, float2 *centroids, float2 *sums, int *counts, int *label) {
  auto phase = [] { cg::this_grid().sync(); };
  const int tid = blockIdx.x * blockDim.x + threadIdx.x, stride = gridDim.x * blockDim.x;
  for (int i = tid; i < n; i += stride) {
    int best = 0;
    float bd = INFINITY;
    for (int k = 0; k < K; ++k) {
      const float dx = pts[i].x - centroids[k].x, dy = pts[i].y - centroids[k].y;
      const float d = dx * dx + dy * dy;
      if (d < bd) { bd = d; best = k; }
    }
    label[i] = best;
    atomicAdd(&sums[best].x, pts[i].x);
    atomicAdd(&sums[best].y, pts[i].y);
    atomicAdd(&counts[best], 1);
  }
  phase();
  if (tid < K && counts[tid] > 0) centroids[tid] = make_float2(sums[tid].x / counts[tid], sums[tid].y / counts[tid]);
}

void kmeans(const float2 *pts, int n, float2 *centroids, float2 *sums, int *counts, int *label, int iters) {
  for (int it = 0; it < iters; ++it) {
    cudaMemset(sums, 0, K * sizeof(float2));
    cudaMemset(counts, 0, K * sizeof(int));
    kmeansStep<<<80, 256>>>(pts, n, centroids, sums, counts, label); // expect: grid-sync-without-cooperative-launch
  }
}
