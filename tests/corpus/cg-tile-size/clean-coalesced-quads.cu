// Warp-aggregated append of matches into a global list, four at a time:
// the lanes that found a match form a coalesced group, which is split into
// groups of 4 (a supported size; a coalesced parent's size is only known at
// run time) so that each quad reserves its slots with one atomic.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void collect_matches(const int *__restrict__ keys, int n, int needle, int *__restrict__ hits,
                                int *__restrict__ hit_count) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n || keys[i] != needle) return;
  cg::coalesced_group found = cg::coalesced_threads();
  cg::coalesced_group quad = cg::tiled_partition(found, 4);
  int base = 0;
  if (quad.thread_rank() == 0) base = atomicAdd(hit_count, (int)quad.num_threads());
  base = quad.shfl(base, 0);
  hits[base + quad.thread_rank()] = i;
}
