// Real-code corpus: typical CUB block/warp collective usage, as found in
// user kernels. Every collective is called by all threads of the block (or
// all lanes of the warp); only the loads/stores are guarded by `if (i < n)`.
// A correct analysis reports nothing here in user code. Lint with and
// without --system-headers to also see what it says inside CUB itself.
#include <cub/block/block_load.cuh>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/block/block_store.cuh>
#include <cub/warp/warp_reduce.cuh>
#include <thrust/device_vector.h>
#include <thrust/reduce.h>
#include <thrust/sort.h>

// Block sum; ALGO selects the CUB implementation.
template <int BLOCK, cub::BlockReduceAlgorithm ALGO>
__global__ void block_sum(const float *in, float *out, int n) {
  using Reduce = cub::BlockReduce<float, BLOCK, ALGO>;
  __shared__ typename Reduce::TempStorage tmp;
  int i = blockIdx.x * BLOCK + threadIdx.x;
  float v = 0.f;
  if (i < n) v = in[i]; // tail: out-of-range threads contribute 0
  float s = Reduce(tmp).Sum(v);
  if (threadIdx.x == 0) out[blockIdx.x] = s;
}

// Partial reduction: only the first `valid` items count.
template <int BLOCK>
__global__ void block_max_partial(const int *in, int *out, int n) {
  using Reduce = cub::BlockReduce<int, BLOCK>;
  __shared__ typename Reduce::TempStorage tmp;
  int i = blockIdx.x * BLOCK + threadIdx.x;
  int valid = min(BLOCK, n - int(blockIdx.x) * BLOCK);
  int v = i < n ? in[i] : 0;
  int m = Reduce(tmp).Reduce(v, cuda::maximum<>{}, valid);
  if (threadIdx.x == 0) out[blockIdx.x] = m;
}

// Blocked load, scan, blocked store, with guarded (partial-tile) I/O.
template <int BLOCK, int ITEMS, cub::BlockScanAlgorithm ALGO>
__global__ void block_prefix(const int *in, int *out, int n) {
  using Load = cub::BlockLoad<int, BLOCK, ITEMS, cub::BLOCK_LOAD_WARP_TRANSPOSE>;
  using Store = cub::BlockStore<int, BLOCK, ITEMS, cub::BLOCK_STORE_WARP_TRANSPOSE>;
  using Scan = cub::BlockScan<int, BLOCK, ALGO>;
  __shared__ union {
    typename Load::TempStorage load;
    typename Store::TempStorage store;
    typename Scan::TempStorage scan;
  } tmp;
  int base = blockIdx.x * BLOCK * ITEMS;
  int valid = min(BLOCK * ITEMS, n - base);
  int items[ITEMS];
  Load(tmp.load).Load(in + base, items, valid, 0);
  __syncthreads(); // tmp is reused
  int total;
  Scan(tmp.scan).ExclusiveSum(items, items, total);
  __syncthreads();
  Store(tmp.store).Store(out + base, items, valid);
}

// Single-item inclusive scan with a running tile prefix (multi-tile loop).
template <int BLOCK, cub::BlockScanAlgorithm ALGO>
__global__ void block_scan_tiles(const int *in, int *out, int n) {
  using Scan = cub::BlockScan<int, BLOCK, ALGO>;
  __shared__ typename Scan::TempStorage tmp;
  int carry = 0;
  for (int base = 0; base < n; base += BLOCK) { // uniform loop bound
    int i = base + threadIdx.x;
    int v = i < n ? in[i] : 0;
    int aggregate;
    Scan(tmp).InclusiveSum(v, v, aggregate);
    if (i < n) out[i] = v + carry;
    carry += aggregate;
    __syncthreads(); // tmp reused next iteration
  }
}

// One warp reduction per warp; segmented reduction by head flags.
template <int BLOCK>
__global__ void warp_sums(const float *in, const int *flags, float *out, float *seg, int n) {
  constexpr int WARPS = BLOCK / 32;
  using WR = cub::WarpReduce<float>;
  __shared__ typename WR::TempStorage tmp[WARPS];
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  int i = blockIdx.x * BLOCK + threadIdx.x;
  float v = i < n ? in[i] : 0.f;
  int f = i < n ? flags[i] : 1;
  float s = WR(tmp[warp]).Sum(v);
  if (lane == 0) out[blockIdx.x * WARPS + warp] = s;
  __syncwarp();
  float h = WR(tmp[warp]).HeadSegmentedSum(v, f);
  if (f && i < n) seg[i] = h;
}

// Logical warps of 16 lanes, partial warp reduction with valid_items.
__global__ void half_warp_max(const int *in, int *out, int n) {
  using WR = cub::WarpReduce<int, 16>;
  __shared__ typename WR::TempStorage tmp[256 / 16];
  int i = blockIdx.x * 256 + threadIdx.x;
  int v = i < n ? in[i] : 0;
  int valid = max(0, min(16, n - int(blockIdx.x * 256 + threadIdx.x / 16 * 16)));
  int m = WR(tmp[threadIdx.x / 16]).Reduce(v, cuda::maximum<>{}, valid);
  if (threadIdx.x % 16 == 0) out[i / 16] = m;
}

template __global__ void block_sum<256, cub::BLOCK_REDUCE_WARP_REDUCTIONS>(const float *, float *, int);
template __global__ void block_sum<128, cub::BLOCK_REDUCE_RAKING>(const float *, float *, int);
template __global__ void block_sum<96, cub::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY>(const float *, float *, int);
template __global__ void block_max_partial<256>(const int *, int *, int);
template __global__ void block_prefix<128, 4, cub::BLOCK_SCAN_WARP_SCANS>(const int *, int *, int);
template __global__ void block_prefix<128, 4, cub::BLOCK_SCAN_RAKING>(const int *, int *, int);
template __global__ void block_scan_tiles<256, cub::BLOCK_SCAN_RAKING_MEMOIZE>(const int *, int *, int);
template __global__ void block_scan_tiles<64, cub::BLOCK_SCAN_WARP_SCANS>(const int *, int *, int);
template __global__ void warp_sums<256>(const float *, const int *, float *, float *, int);

// Host side: thrust algorithms (their device code comes from CUB's
// dispatch layers, instantiated in the device passes).
float host_sum(const thrust::device_vector<float> &v) {
  return thrust::reduce(v.begin(), v.end(), 0.f);
}
void host_sort(thrust::device_vector<int> &v) { thrust::sort(v.begin(), v.end()); }
// Small keys: CUB's radix-sort policies then pick onesweep on some archs and
// upsweep/downsweep on others (lint with --cuda-arch=sm_80,sm_90).
void host_sort_bytes(thrust::device_vector<unsigned char> &v) { thrust::sort(v.begin(), v.end()); }
