// Warp-level bitmap intersection (triangle counting inner loop): each
// 32-thread warp tile is split into runtime-sized sub-tiles of 8, which is
// smaller than the parent and a supported size; each sub-tile counts one
// edge's common neighbours.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

constexpr unsigned kSub = 8;

__global__ void count_common(const unsigned *__restrict__ bitmaps, const int2 *__restrict__ edges, int nedges,
                             int words, unsigned long long *__restrict__ total) {
  auto warp = cg::tiled_partition<32>(cg::this_thread_block());
  cg::thread_group sub = cg::tiled_partition(warp, kSub);
  const int e = (blockIdx.x * blockDim.x + threadIdx.x) / kSub;
  unsigned c = 0;
  if (e < nedges) {
    const int2 uv = edges[e];
    for (int w = sub.thread_rank(); w < words; w += kSub)
      c += __popc(bitmaps[(size_t)uv.x * words + w] & bitmaps[(size_t)uv.y * words + w]);
  }
  sub.sync();
  atomicAdd(total, (unsigned long long)c);
}
