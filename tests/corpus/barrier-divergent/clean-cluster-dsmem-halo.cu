// 1-D stencil over thread-block clusters (sm_90): each block of a cluster
// of two loads its tile into shared memory, the cluster synchronises, and
// each block reads its halo from the neighbour block's shared memory
// through cluster.map_shared_rank(). CUDA 13's cooperative_groups.h offers
// cluster_group only under nvcc (or _CG_CLUSTER_INTRINSICS_AVAILABLE); every
// barrier here is reached by the whole block and the whole cluster.

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
  float left = threadIdx.x > 0 ? tile[threadIdx.x - 1] : (cluster.block_rank() == 1 ? halo[TILE - 1] : 0.f);
  float right = threadIdx.x + 1 < TILE ? tile[threadIdx.x + 1] : (cluster.block_rank() == 0 ? halo[0] : 0.f);
  if (i < n) out[i] = 0.25f * left + 0.5f * tile[threadIdx.x] + 0.25f * right;
  // Keep this block's shared memory alive until the peer has read it.
  cluster.sync();
  if (grid.cluster_rank() == 0 && cluster.block_rank() == 0 && threadIdx.x == 0)
    out[n] = (float)grid.num_clusters();
}
