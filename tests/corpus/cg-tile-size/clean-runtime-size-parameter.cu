// Segmented sums where the segment width is chosen at run time (passed by
// the host after checking it is a power of two up to 32): the tile size is
// not a compile-time constant, so there is nothing to check statically.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void segment_sums(const float *__restrict__ x, float *__restrict__ sums, int segments, unsigned width) {
  __shared__ float red[256];
  cg::thread_group seg = cg::tiled_partition(cg::this_thread_block(), width);
  const int s = (blockIdx.x * blockDim.x + threadIdx.x) / width;
  const unsigned r = seg.thread_rank();
  red[threadIdx.x] = s < segments ? x[(size_t)s * width + r] : 0.f;
  seg.sync();
  for (unsigned k = width / 2; k > 0; k >>= 1) {
    if (r < k) red[threadIdx.x] += red[threadIdx.x + k];
    seg.sync();
  }
  if (r == 0 && s < segments) sums[s] = red[threadIdx.x];
}

void launch_segment_sums(const float *x, float *sums, int segments, unsigned width, cudaStream_t st) {
  if (width == 0 || width > 32 || (width & (width - 1)) != 0) return;  // unsupported: caller falls back
  const int blocks = (int)((segments * width + 255) / 256);
  segment_sums<<<blocks, 256, 0, st>>>(x, sums, segments, width);
}
