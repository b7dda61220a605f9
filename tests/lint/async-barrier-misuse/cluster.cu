// RUN: %check_warpcheck %s async-barrier-misuse -- --cuda-arch=sm_90 -- -D_CG_CLUSTER_INTRINSICS_AVAILABLE
// Cluster barriers. <cooperative_groups.h> declares cg::this_cluster() for
// nvcc only; clang needs _CG_CLUSTER_INTRINSICS_AVAILABLE.
#include <cuda/barrier>
#include <cuda/ptx>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
using barrier = cuda::barrier<cuda::thread_scope_block>;

// Waiting on the peer block's barrier (catalogue E-05).
__global__ void __cluster_dims__(2, 1, 1) pair_sync(int *out) {
  __shared__ barrier bar;
  auto cluster = cg::this_cluster();
  if (threadIdx.x == 0) init(&bar, 2 * blockDim.x);
  cluster.sync();
  auto *bar0 = cluster.map_shared_rank(&bar, 0);
  bar0->arrive_and_wait();
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: 'arrive_and_wait' on a barrier in another block's shared memory (from map_shared_rank){{.*}} [async-barrier-misuse]
  out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
  cluster.sync();
}

// Remote arrive, local wait.
__global__ void __cluster_dims__(2, 1, 1) pair_fixed(int *out) {
  __shared__ barrier bar;
  auto cluster = cg::this_cluster();
  if (threadIdx.x == 0) init(&bar, 2 * blockDim.x);
  cluster.sync();
  auto *peer = cluster.map_shared_rank(&bar, cluster.block_rank() ^ 1);
  cuda::ptx::mbarrier_arrive(cuda::ptx::sem_release, cuda::ptx::scope_cluster, cuda::ptx::space_cluster,
                             cuda::device::barrier_native_handle(*peer));
  bar.arrive_and_wait();
  out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
  cluster.sync();
}

// Mapping its own rank is the local barrier; cg::sync(cluster) publishes.
__global__ void __cluster_dims__(2, 1, 1) own_rank(int *out) {
  __shared__ barrier bar;
  auto cluster = cg::this_cluster();
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  cg::sync(cluster);
  auto *mine = cluster.map_shared_rank(&bar, cluster.block_rank());
  mine->arrive_and_wait();
  out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}
