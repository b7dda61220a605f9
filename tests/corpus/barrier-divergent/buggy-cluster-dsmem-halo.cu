// The buggy twin of clean-cluster-dsmem-halo.cu: the same 1-D stencil over
// thread-block clusters of two (sm_90; cluster_group, this_cluster() and
// grid_group::cluster_rank()/num_clusters(), which CUDA 13 offers only
// under nvcc), but a block barrier was put inside the bounds check before
// the halo is read: in the last, partial block the threads past `n` never
// reach it.

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

#define TILE 256

__global__ void __cluster_dims__(2, 1, 1) stencilCluster(const float *__restrict__ in, float *__restrict__ out, int n) {
  __shared__ float tile[TILE];
  cg::cluster_group cluster = cg::this_cluster();
  cg::grid_group grid = cg::this_grid();
  const int i = blockIdx.x * TILE + threadIdx.x;
  tile[threadIdx.x] = i < n ? in[i] : 0.f;
  cluster.sync();
  const unsigned peer = cluster.block_rank() ^ 1u;
  const float *halo = cluster.map_shared_rank(tile, peer);
  if (i < n) {
    __syncthreads(); // expect: barrier-divergent
    float left = threadIdx.x > 0 ? tile[threadIdx.x - 1] : (cluster.block_rank() == 1 ? halo[TILE - 1] : 0.f);
    float right = threadIdx.x + 1 < TILE ? tile[threadIdx.x + 1] : (cluster.block_rank() == 0 ? halo[0] : 0.f);
    out[i] = 0.25f * left + 0.5f * tile[threadIdx.x] + 0.25f * right;
  }
  cluster.sync();
  if (grid.cluster_rank() == 0 && cluster.block_rank() == 0 && threadIdx.x == 0)
    out[n] = (float)grid.num_clusters();
}
