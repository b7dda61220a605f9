// Stream compaction with a warp-aggregated atomic, as the Cooperative
// Groups chapter writes it: the coalesced group is created inside the
// branch, so it is exactly the lanes that keep an element.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

struct Particle {
  float x, y, z;
  float energy;
};

__device__ int reserve_slot(int* counter) {
  cg::coalesced_group active = cg::coalesced_threads();
  int base = 0;
  if (active.thread_rank() == 0) base = atomicAdd(counter, active.num_threads());
  return active.shfl(base, 0) + active.thread_rank();
}

__global__ void keep_hot(const Particle* __restrict__ in, Particle* __restrict__ out, int* __restrict__ count,
                         int n, float threshold) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    Particle p = in[i];
    if (p.energy > threshold) {
      int slot = reserve_slot(count);
      out[slot] = p;
    }
  }
}

__global__ void keep_hot_inline(const Particle* __restrict__ in, Particle* __restrict__ out,
                                int* __restrict__ count, int n, float threshold) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i].energy > threshold) {
    auto g = cg::coalesced_threads();
    int base = 0;
    if (g.thread_rank() == 0) base = atomicAdd(count, g.size());
    base = g.shfl(base, 0);
    out[base + g.thread_rank()] = in[i];
  }
}
