// Segmented prefix sums over fixed-length segments (e.g. per-sentence token
// offsets padded to 20), one group per segment, with the group size taken
// from the build's SEGMENT_LEN macro. 20 is not a power of two.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

#ifndef SEGMENT_LEN
#define SEGMENT_LEN 20
#endif

__global__ void segment_offsets(const int *__restrict__ lengths, int *__restrict__ offsets, int segments) {
  __shared__ int buf[2][160];  // blockDim.x == 160: 8 segments
  auto seg = cg::tiled_partition(cg::this_thread_block(), SEGMENT_LEN); // expect: cg-tile-size
  const int s = blockIdx.x * (blockDim.x / SEGMENT_LEN) + threadIdx.x / SEGMENT_LEN;
  const int r = seg.thread_rank();
  int cur = 0;
  buf[cur][threadIdx.x] = s < segments ? lengths[s * SEGMENT_LEN + r] : 0;
  seg.sync();
  for (int off = 1; off < SEGMENT_LEN; off <<= 1) {
    buf[cur ^ 1][threadIdx.x] = buf[cur][threadIdx.x] + (r >= off ? buf[cur][threadIdx.x - off] : 0);
    cur ^= 1;
    seg.sync();
  }
  if (s < segments) offsets[s * SEGMENT_LEN + r] = buf[cur][threadIdx.x] - lengths[s * SEGMENT_LEN + r];
}
