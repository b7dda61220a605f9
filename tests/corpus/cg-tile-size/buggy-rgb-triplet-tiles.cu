// Per-pixel colour transform on interleaved RGB data: the author wanted
// one group per 8 pixels x 3 channels so that the group could shuffle the
// channels of a pixel among themselves, and wrote a runtime-sized tile of
// 24 threads. The runtime-sized tiled_partition supports powers of two up
// to 32 only: with 24, thread_rank() and the shuffles are those of some
// other grouping, and nothing reports it at compile or run time.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

constexpr int kPixelsPerGroup = 8;
constexpr int kGroupThreads = kPixelsPerGroup * 3;

__global__ void rgb_to_ycbcr(const unsigned char *__restrict__ rgb, unsigned char *__restrict__ ycc, int pixels) {
  cg::thread_block block = cg::this_thread_block();  // blockDim.x == 96: four groups
  cg::thread_group group = cg::tiled_partition(block, kGroupThreads); // expect: cg-tile-size
  const int g = blockIdx.x * (blockDim.x / kGroupThreads) + threadIdx.x / kGroupThreads;
  const int r = group.thread_rank();
  const int pixel = g * kPixelsPerGroup + r / 3, ch = r % 3;
  const float v = pixel < pixels ? rgb[pixel * 3 + ch] : 0.f;
  __shared__ float chan[96];
  chan[threadIdx.x] = v;
  group.sync();
  const int base = threadIdx.x - ch;
  const float R = chan[base], G = chan[base + 1], B = chan[base + 2];
  float out;
  if (ch == 0) out = 0.299f * R + 0.587f * G + 0.114f * B;
  else if (ch == 1) out = 128.f - 0.168736f * R - 0.331264f * G + 0.5f * B;
  else out = 128.f + 0.5f * R - 0.418688f * G - 0.081312f * B;
  if (pixel < pixels) ycc[pixel * 3 + ch] = (unsigned char)fminf(fmaxf(out, 0.f), 255.f);
}
