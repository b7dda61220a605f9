// RUN: %check_warpcheck %s cg-collective-divergent
// Group collectives reached by only part of their group.
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

// A tile-wide shuffle called by half of the tile (catalogue G-03).
__global__ void tile_bcast(int *out) {
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  int v = threadIdx.x;
  if (tile.thread_rank() < 16)
    v = tile.shfl(v, 0);
// CHECK-MESSAGES: :[[@LINE-1]]:9: error: collective 'tile.shfl()' of the thread_block_tile<32> 'tile' is reached under control that differs within the tile: all 32 threads of a tile must call it{{.*}} [cg-collective-divergent]
  tile.sync();
  out[threadIdx.x] = v;
}

// Odd threads only.
__global__ void odd_sync(float *x) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  x[threadIdx.x] *= 2.f;
  if (threadIdx.x % 2)
    warp.sync();
// CHECK-MESSAGES: :[[@LINE-1]]:5: error: collective 'warp.sync()' of the thread_block_tile<32> 'warp' {{.*}} [cg-collective-divergent]
  x[threadIdx.x] += x[threadIdx.x ^ 1];
}

// A bounds check around a tile reduction: the last tile is split.
__global__ void row_sums(const float *x, float *sums, int n) {
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float s = cg::reduce(tile, x[i], cg::plus<float>());
// CHECK-MESSAGES: :[[@LINE-1]]:15: error: collective 'cg::reduce()' of the thread_block_tile<32> 'tile' {{.*}} [cg-collective-divergent]
    if (tile.thread_rank() == 0) atomicAdd(&sums[i / 32], s);
  }
}

// A grid-stride loop: the trip count differs between the threads of a tile.
__global__ void strided_max(const int *x, int *out, int n) {
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    int m = cg::reduce(tile, x[i], cg::greater<int>());
// CHECK-MESSAGES: :[[@LINE-1]]:13: error: collective 'cg::reduce()' {{.*}} [cg-collective-divergent]
    if (tile.thread_rank() == 0) atomicMax(out, m);
  }
}

// Tiles of 16: `lane < 24` splits the second tile of each warp.
__global__ void sixteen(const int *flags, int *out) {
  auto t16 = cg::tiled_partition<16>(cg::this_thread_block());
  int lane = threadIdx.x & 31;
  int f = flags[threadIdx.x];
  if (lane < 24)
    f = t16.any(f);
// CHECK-MESSAGES: :[[@LINE-1]]:9: error: collective 't16.any()' of the thread_block_tile<16> 't16' {{.*}} [cg-collective-divergent]
  out[threadIdx.x] = f;
}

// A flag set by one lane, then tested: the tile does not agree on it.
__global__ void leader_flag(int *out) {
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  bool leader = false;
  if (tile.thread_rank() == 0) leader = true;
  if (leader)
    out[blockIdx.x] = tile.ballot(1);
// CHECK-MESSAGES: :[[@LINE-1]]:23: error: collective 'tile.ballot()' {{.*}} [cg-collective-divergent]
}

// A coalesced group created before a data-dependent branch.
__global__ void sum_positive(const int *in, int *total) {
  auto active = cg::coalesced_threads();
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (v > 0) {
    int s = cg::reduce(active, v, cg::plus<int>());
// CHECK-MESSAGES: :[[@LINE-1]]:13: error: collective 'cg::reduce()' of the coalesced_group 'active' is reached under a thread-dependent branch taken after the group was created{{.*}} [cg-collective-divergent]
    if (active.thread_rank() == 0) atomicAdd(total, s);
  }
}

// ...or before a loop whose trip count is per thread.
__global__ void drain(const int *counts, int *out) {
  cg::coalesced_group g = cg::coalesced_threads();
  int c = counts[threadIdx.x];
  for (int k = 0; k < c; ++k) {
    g.sync();
// CHECK-MESSAGES: :[[@LINE-1]]:5: error: collective 'g.sync()' of the coalesced_group 'g' {{.*}} [cg-collective-divergent]
    out[threadIdx.x] += k;
  }
}

// A block-wide memcpy_async issued by one warp (catalogue F-08); the wait is
// a block barrier, reported by barrier-divergent.
__global__ void warp0_loads(const int *g, int *out) {
  __shared__ int sh[256];
  auto block = cg::this_thread_block();
  if (threadIdx.x < 32)
    cg::memcpy_async(block, sh, g, sizeof(int) * 256);
// CHECK-MESSAGES: :[[@LINE-1]]:5: error: collective 'cg::memcpy_async()' of the thread_block 'block' is reached under warp-dependent control: every thread of the block must call it{{.*}} [cg-collective-divergent]
  cg::wait(block);
  out[threadIdx.x] = sh[threadIdx.x];
}

// Through a helper that takes the tile.
__device__ float tile_sum(cg::thread_block_tile<32> t, float v) {
  for (int o = 16; o > 0; o /= 2) v += t.shfl_down(v, o);
  return v;
}
__global__ void half_sums(const float *x, float *out) {
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  float v = x[threadIdx.x];
  if (tile.thread_rank() < 16)
    v = tile_sum(tile, v);
// CHECK-MESSAGES: :[[@LINE-1]]:9: error: call to 'tile_sum', which executes the collective 't.shfl_down()' of the thread_block_tile<32> 'tile', is reached under control that differs within the tile{{.*}} [cg-collective-divergent]
  out[threadIdx.x] = v;
}

// Through a helper that partitions its own warp tile.
__device__ float warp_max(float v) {
  auto w = cg::tiled_partition<32>(cg::this_thread_block());
  return cg::reduce(w, v, cg::greater<float>());
}
__global__ void positive_max(const float *x, float *out) {
  float v = x[blockIdx.x * blockDim.x + threadIdx.x];
  if (v > 0.f)
    out[blockIdx.x] = warp_max(v);
// CHECK-MESSAGES: :[[@LINE-1]]:23: error: call to 'warp_max', which executes the collective 'cg::reduce()' of a thread_block_tile<32>, {{.*}} [cg-collective-divergent]
}

// Partitioning a tile is a collective of the tile.
__global__ void by_key(const int *keys, int *out) {
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  int k = keys[threadIdx.x];
  if (k >= 0) {
    auto same = cg::labeled_partition(tile, k);
// CHECK-MESSAGES: :[[@LINE-1]]:17: error: collective 'cg::labeled_partition()' of the thread_block_tile<32> 'tile' {{.*}} [cg-collective-divergent]
    out[threadIdx.x] = same.size();
  }
}
