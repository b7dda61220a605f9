// RUN: %check_warpcheck %s fence-missing
// RUN: %check_warpcheck %s fence-missing -- --system-headers
// CCCL and cooperative groups: their synchronisation fences for us, and
// CUB's device-wide algorithms (decoupled look-back) are not reported.
#include <cooperative_groups.h>
#include <cub/cub.cuh>
#include <cuda/atomic>
#include <cuda/barrier>
namespace cg = cooperative_groups;

// grid.sync() orders the whole grid's writes before the reads after it
// (the abort flag, read as 0, says nothing about the data).
__global__ void twoPhase(float *a, float *b, unsigned *abortFlag) {
  cg::grid_group grid = cg::this_grid();
  unsigned i = grid.thread_rank();
  a[i] = float(i);
  grid.sync();
  if (atomicAdd(abortFlag, 0u) == 0u) b[i] = a[(i + 1) % grid.size()];
}

__global__ void blockSums(const int *in, int *out) {
  using BlockReduce = cub::BlockReduce<int, 128>;
  __shared__ typename BlockReduce::TempStorage tmp;
  int v = BlockReduce(tmp).Sum(in[blockIdx.x * 128 + threadIdx.x]);
  if (threadIdx.x == 0) out[blockIdx.x] = v;
}

__global__ void withBarrier(const float *in, float *out) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  __shared__ float tile[128];
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();
  tile[threadIdx.x] = in[blockIdx.x * 128 + threadIdx.x];
  bar.arrive_and_wait();
  out[blockIdx.x * 128 + threadIdx.x] = tile[127 - threadIdx.x];
}

void hostSide(const int *d_in, int *d_out, int *d_scan, int n, cudaStream_t s) {
  void *temp = nullptr;
  size_t bytes = 0;
  cub::DeviceReduce::Sum(temp, bytes, d_in, d_out, n, s);
  cub::DeviceScan::InclusiveSum(temp, bytes, d_in, d_scan, n, s);
}
