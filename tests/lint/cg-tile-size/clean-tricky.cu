// RUN: %check_warpcheck %s cg-tile-size
// What a naive checker would flag, and must not.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// A size known only at run time: not checked (see Known limits).
__global__ void runtimeSize(int *out, unsigned tile) {
  auto t = cg::tiled_partition(cg::this_thread_block(), tile);
  out[threadIdx.x] = t.thread_rank();
}

// Multi-warp tiles are fine in the templated form (the headers check it).
__global__ void multiWarp(int *out) {
  auto t = cg::tiled_partition<32>(cg::this_thread_block());
  out[threadIdx.x] = t.thread_rank();
}

// A coalesced group's size is a run-time value: a tile of 32 may be
// as large as the group, which tiled_partition allows.
__global__ void coalesced(int *out) {
  if (threadIdx.x % 2) {
    cg::coalesced_group active = cg::coalesced_threads();
    cg::coalesced_group quads = cg::tiled_partition(active, 4);
    out[threadIdx.x] = quads.thread_rank();
  }
}

// Another library's tiled_partition is none of our business.
namespace mylib {
__device__ int tiled_partition(int parent, int n) { return parent / n; }
}
__global__ void other(int *out) { out[threadIdx.x] = mylib::tiled_partition(96, 24); }
