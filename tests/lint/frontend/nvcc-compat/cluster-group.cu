// RUN: %check_warpcheck %s barrier-divergent
// RUN: %warpcheck lint --no-config --exit-zero --format json %s | %FileCheck %s --check-prefix=JSON
// RUN: %warpcheck lint --no-config --exit-zero --cuda-arch=sm_80,sm_90 -q %s -- -DGUARDED
// CUDA 13's cooperative groups offer cluster_group, this_cluster() and
// grid_group::cluster_rank()/num_clusters() only under __NVCC__ or
// _CG_CLUSTER_INTRINSICS_AVAILABLE, and on sm_90+ only: they parse in the
// host pass and the sm_90 pass, and code guarded as nvcc needs it parses
// for sm_80 too.
// JSON: "messages": [],
// JSON: "status": "analyzed"{{$}}
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

#if !defined(GUARDED) || !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
// Buggy: the block barrier under a per-thread condition, beside the
// cluster's own (correct) barrier.
__global__ void __cluster_dims__(2, 1, 1) cluster_buggy(int *out) {
  cg::cluster_group cluster = cg::this_cluster();
  cg::grid_group grid = cg::this_grid();
  __shared__ int s[128];
  s[threadIdx.x] = cluster.block_rank();
  cluster.sync();
  if (threadIdx.x < 64) {
    __syncthreads();
// CHECK-MESSAGES: :[[@LINE-1]]:5: error: barrier '__syncthreads()' {{.*}} [barrier-divergent]
  }
  out[grid.cluster_rank() * grid.num_clusters() + threadIdx.x] = s[threadIdx.x];
}

// Fixed: the barrier outside the branch.
__global__ void __cluster_dims__(2, 1, 1) cluster_fixed(int *out) {
  cg::cluster_group cluster = cg::this_cluster();
  __shared__ int s[128];
  s[threadIdx.x] = cluster.block_rank();
  cluster.sync();
  __syncthreads();
  int *peer = cluster.map_shared_rank(s, (cluster.block_rank() + 1) % cluster.num_blocks());
  out[threadIdx.x] = peer[threadIdx.x];
  cluster.sync();
}

// Tricky-clean: a branch on the cluster rank is uniform in the block.
__global__ void __cluster_dims__(2, 1, 1) by_rank(int *out) {
  cg::cluster_group cluster = cg::this_cluster();
  if (cluster.block_rank() == 0) {
    __syncthreads();
    out[threadIdx.x] = cg::this_grid().num_clusters();
  }
}
#endif
