// RUN: %check_warpcheck %s async-barrier-misuse
// Barrier set-up in a helper: thread 0 initialises, and the helper
// publishes the init with a block barrier before it returns (or does not).
#include <cuda/barrier>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
using barrier = cuda::barrier<cuda::thread_scope_block>;

// Publishes on every path: callers may arrive right after the call.
__device__ void make_published(cg::thread_block block, barrier &bar) {
  if (block.thread_rank() == 0) init(&bar, block.size());
  block.sync();
}
// Publishes through a helper of its own.
__device__ void make_nested(cg::thread_block block, barrier &bar) { make_published(block, bar); }
// No barrier after the init: the caller must publish it.
__device__ void make_unpublished(barrier &bar) {
  if (threadIdx.x == 0) init(&bar, blockDim.x);
}
// A path that returns before the barrier.
__device__ void make_early_return(barrier &bar, bool quick) {
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  if (quick) return;
  __syncthreads();
}

__global__ void published(float *out) {
  __shared__ barrier bar;
  make_published(cg::this_thread_block(), bar);
  out[threadIdx.x] = 1.f;
  bar.arrive_and_wait();
}

__global__ void nested(float *out) {
  __shared__ barrier bar;
  make_nested(cg::this_thread_block(), bar);
  bar.arrive_and_wait();
  out[threadIdx.x] = 1.f;
}

__global__ void unpublished(float *out) {
  __shared__ barrier bar;
  make_unpublished(bar);
  bar.arrive_and_wait();
// CHECK-NOTES: :[[@LINE-1]]:3: error: barrier 'bar' is used here before a block barrier publishes its initialisation{{.*}} [async-barrier-misuse]
// CHECK-NOTES: :[[@LINE-3]]:3: note: 'bar' is initialised here, with no __syncthreads() between
  out[threadIdx.x] = 1.f;
}

__global__ void early_return(float *out, bool quick) {
  __shared__ barrier bar;
  make_early_return(bar, quick);
  bar.arrive_and_wait();
// CHECK-NOTES: :[[@LINE-1]]:3: error: barrier 'bar' is used here before a block barrier publishes its initialisation{{.*}} [async-barrier-misuse]
// CHECK-NOTES: :[[@LINE-3]]:3: note: 'bar' is initialised here, with no __syncthreads() between
  out[threadIdx.x] = 1.f;
}
