// RUN: %check_warpcheck %s warp-implicit-synchronous
// RUN: %check_warpcheck %s warp-implicit-synchronous -- --system-headers
// CUB's warp and block collectives and cooperative groups' reductions: they
// exchange through shuffles, or synchronise their shared memory themselves.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cub/cub.cuh>
namespace cg = cooperative_groups;

__global__ void warpSums(const int *in, int *out) {
  using WarpReduce = cub::WarpReduce<int>;
  __shared__ typename WarpReduce::TempStorage tmp[4];
  int warp = threadIdx.x / 32;
  int v = in[blockIdx.x * 128 + threadIdx.x];
  int sum = WarpReduce(tmp[warp]).Sum(v);
  if (threadIdx.x % 32 == 0) out[blockIdx.x * 4 + warp] = sum;
}

__global__ void warpSums16(const int *in, int *out) {
  using WarpReduce = cub::WarpReduce<int, 16>;
  __shared__ typename WarpReduce::TempStorage tmp[8];
  int v = in[blockIdx.x * 128 + threadIdx.x];
  int sum = WarpReduce(tmp[threadIdx.x / 16]).Sum(v);
  if (threadIdx.x % 16 == 0) out[blockIdx.x * 8 + threadIdx.x / 16] = sum;
}

__global__ void warpPrefix(const int *in, int *out) {
  using WarpScan = cub::WarpScan<int>;
  __shared__ typename WarpScan::TempStorage tmp[4];
  int v = in[blockIdx.x * 128 + threadIdx.x], aggregate;
  WarpScan(tmp[threadIdx.x / 32]).ExclusiveSum(v, v, aggregate);
  out[blockIdx.x * 128 + threadIdx.x] = v + aggregate;
}

__global__ void blockSums(const float *in, float *out) {
  using BlockReduce = cub::BlockReduce<float, 256>;
  __shared__ typename BlockReduce::TempStorage tmp;
  float v = BlockReduce(tmp).Sum(in[blockIdx.x * 256 + threadIdx.x]);
  if (threadIdx.x == 0) out[blockIdx.x] = v;
}

__global__ void blockSumsRaking(const float *in, float *out) {
  using BlockReduce = cub::BlockReduce<float, 128, cub::BLOCK_REDUCE_RAKING>;
  __shared__ typename BlockReduce::TempStorage tmp;
  float v = BlockReduce(tmp).Sum(in[blockIdx.x * 128 + threadIdx.x]);
  if (threadIdx.x == 0) out[blockIdx.x] = v;
}

__global__ void blockPrefix(int *data) {
  using BlockScan = cub::BlockScan<int, 128>;
  using BlockScanWarps = cub::BlockScan<int, 128, cub::BLOCK_SCAN_WARP_SCANS>;
  __shared__ typename BlockScan::TempStorage tmp;
  __shared__ typename BlockScanWarps::TempStorage tmp2;
  int v = data[blockIdx.x * 128 + threadIdx.x];
  BlockScan(tmp).InclusiveSum(v, v);
  __syncthreads();
  BlockScanWarps(tmp2).ExclusiveSum(v, v);
  data[blockIdx.x * 128 + threadIdx.x] = v;
}

__global__ void cgReduce(const float *in, float *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  float v = cg::reduce(tile, in[block.thread_rank()], cg::plus<float>());
  float p = cg::inclusive_scan(tile, v);
  if (tile.thread_rank() == 0) out[block.group_index().x * 8 + tile.meta_group_rank()] = v + p;
}
