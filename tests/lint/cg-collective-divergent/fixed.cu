// RUN: %check_warpcheck %s cg-collective-divergent
// The kernels of buggy.cu, fixed: every member of the group calls the
// collective, and the branch only decides what to do with the result.
#include <climits>
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void tile_bcast(int *out) {
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  int v = threadIdx.x;
  int b = tile.shfl(v, 0);
  if (tile.thread_rank() < 16) v = b;
  tile.sync();
  out[threadIdx.x] = v;
}

__global__ void odd_sync(float *x) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  x[threadIdx.x] *= 2.f;
  warp.sync();
  if (threadIdx.x % 2) x[threadIdx.x] += x[threadIdx.x ^ 1];
}

// Out-of-range threads contribute the identity instead of skipping.
__global__ void row_sums(const float *x, float *sums, int n) {
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = cg::reduce(tile, i < n ? x[i] : 0.f, cg::plus<float>());
  if (tile.thread_rank() == 0 && i < n) atomicAdd(&sums[i / 32], s);
}

// The loop runs over whole tiles: the bound is checked inside.
__global__ void strided_max(const int *x, int *out, int n) {
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  int stride = gridDim.x * blockDim.x;
  for (int base = blockIdx.x * blockDim.x; base < n; base += stride) {
    int i = base + threadIdx.x;
    int m = cg::reduce(tile, i < n ? x[i] : INT_MIN, cg::greater<int>());
    if (tile.thread_rank() == 0) atomicMax(out, m);
  }
}

__global__ void sixteen(const int *flags, int *out) {
  auto t16 = cg::tiled_partition<16>(cg::this_thread_block());
  int lane = threadIdx.x & 31;
  int f = flags[threadIdx.x];
  int any = t16.any(f);
  if (lane < 24) f = any;
  out[threadIdx.x] = f;
}

__global__ void leader_flag(int *out) {
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  unsigned b = tile.ballot(1);
  if (tile.thread_rank() == 0) out[blockIdx.x] = b;
}

// The group is created inside the branch: exactly the threads that took it.
__global__ void sum_positive(const int *in, int *total) {
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (v > 0) {
    auto active = cg::coalesced_threads();
    int s = cg::reduce(active, v, cg::plus<int>());
    if (active.thread_rank() == 0) atomicAdd(total, s);
  }
}

__global__ void drain(const int *counts, int *out) {
  int c = counts[threadIdx.x];
  for (int k = 0; k < c; ++k) {
    cg::coalesced_group g = cg::coalesced_threads();
    g.sync();
    out[threadIdx.x] += k;
  }
}

// The group that calls is the group named (catalogue F-08, fixed).
__global__ void warp0_loads(const int *g, int *out) {
  __shared__ int sh[256];
  auto block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  if (warp.meta_group_rank() == 0) {
    cg::memcpy_async(warp, sh, g, sizeof(int) * 256);
    cg::wait(warp);
  }
  block.sync();
  out[threadIdx.x] = sh[threadIdx.x];
}

__device__ float tile_sum(cg::thread_block_tile<32> t, float v) {
  for (int o = 16; o > 0; o /= 2) v += t.shfl_down(v, o);
  return v;
}
__global__ void half_sums(const float *x, float *out) {
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  float v = x[threadIdx.x];
  float s = tile_sum(tile, v);
  if (tile.thread_rank() < 16) v = s;
  out[threadIdx.x] = v;
}

__device__ float warp_max(float v) {
  auto w = cg::tiled_partition<32>(cg::this_thread_block());
  return cg::reduce(w, v, cg::greater<float>());
}
__global__ void positive_max(const float *x, float *out) {
  float v = x[blockIdx.x * blockDim.x + threadIdx.x];
  float m = warp_max(v > 0.f ? v : 0.f);
  if (threadIdx.x == 0) out[blockIdx.x] = m;
}

__global__ void by_key(const int *keys, int *out) {
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  int k = keys[threadIdx.x];
  auto same = cg::labeled_partition(tile, k >= 0 ? k : -1);
  if (k >= 0) out[threadIdx.x] = same.size();
}
