// Warp-level stream compaction of "active" particles into per-warp output
// runs. The whole tile votes first; the branch is then on the vote's result
// (the same for every lane), and the tile-wide shuffle inside it is reached
// by the whole tile. Only the store is per lane.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void compact_active(const float4 *__restrict__ particles, int n, float4 *__restrict__ out,
                               int *__restrict__ out_count) {
  auto warp = cg::tiled_partition<32>(cg::this_thread_block());
  for (int base = blockIdx.x * blockDim.x; base < n; base += gridDim.x * blockDim.x) {
    const int i = base + threadIdx.x;
    const float4 p = i < n ? particles[i] : make_float4(0.f, 0.f, 0.f, -1.f);
    const bool keep = p.w > 0.f;
    const unsigned mask = warp.ballot(keep);
    if (mask != 0u) {
      int start = 0;
      if (warp.thread_rank() == 0) start = atomicAdd(out_count, __popc(mask));
      start = warp.shfl(start, 0);
      if (keep) out[start + __popc(mask & ((1u << warp.thread_rank()) - 1u))] = p;
    }
  }
}
