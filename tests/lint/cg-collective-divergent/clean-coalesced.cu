// RUN: %check_warpcheck %s cg-collective-divergent
// Coalesced groups used as the guide intends: no finding.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

// Warp-aggregated atomic increment: the group is created inside the branch.
__device__ int atomic_agg_inc(int *ctr) {
  cg::coalesced_group active = cg::coalesced_threads();
  int base;
  if (active.thread_rank() == 0) base = atomicAdd(ctr, active.size());
  base = active.shfl(base, 0);
  return base + active.thread_rank();
}
__global__ void filter(const int *in, int *out, int *count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] > 0) out[atomic_agg_inc(count)] = in[i];
}

// Branches before the group is created decide who is in it.
__global__ void compact(const float *in, float *out, int *n_out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = in[i];
  if (v != 0.f) {
    auto g = cg::coalesced_threads();
    int slot = 0;
    if (g.thread_rank() == 0) slot = atomicAdd(n_out, g.num_threads());
    slot = g.shfl(slot, 0) + g.thread_rank();
    out[slot] = v;
    g.sync();
    if (g.all(v > 0.f)) out[slot] = -v;
  }
}

// A reduction over the group in the branch that created it, inside a loop.
__global__ void histogram(const int *keys, int *bins, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    int k = keys[i];
    if (k >= 0) {
      auto active = cg::coalesced_threads();
      auto same = cg::labeled_partition(active, k);
      int c = cg::reduce(same, 1, cg::plus<int>());
      if (same.thread_rank() == 0) atomicAdd(&bins[k], c);
    }
  }
}

// A helper that takes a coalesced group, called where it was created.
__device__ void publish(cg::coalesced_group g, int *flag) {
  g.sync();
  if (g.thread_rank() == 0) *flag = 1;
}
__global__ void publisher(const int *x, int *flags) {
  if (x[threadIdx.x] > 0) publish(cg::coalesced_threads(), &flags[blockIdx.x]);
}
