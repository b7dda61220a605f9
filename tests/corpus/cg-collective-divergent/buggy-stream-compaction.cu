// Stream compaction with a warp-aggregated atomic. The coalesced group was
// hoisted to the top of the kernel, before the predicate: it holds every
// lane of the warp, but only the lanes that keep their element call the
// shuffle that broadcasts the slot (and the slots are counted for all).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

struct Particle {
  float x, y, z;
  float energy;
};

__global__ void keep_hot(const Particle* __restrict__ in, Particle* __restrict__ out, int* __restrict__ count,
                         int n, float threshold) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  cg::coalesced_group active = cg::coalesced_threads();
  Particle p = in[i];
  if (p.energy > threshold) {
    int base = 0;
    if (active.thread_rank() == 0) base = atomicAdd(count, active.size());
    base = active.shfl(base, 0);  // expect: cg-collective-divergent
    out[base + active.thread_rank()] = p;
  }
}
