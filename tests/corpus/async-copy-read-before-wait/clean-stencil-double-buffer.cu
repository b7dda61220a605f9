// Time-marching 1-D stencil over row tiles: the next tile is fetched with
// cooperative_groups::memcpy_async while the current one is computed, and
// wait_prior<1> leaves only the prefetch in flight.
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
namespace cg = cooperative_groups;

constexpr int kRadius = 2;
constexpr int kTile = 256;
constexpr int kSpan = kTile + 2 * kRadius;

__global__ void stencil5_rows(const float* __restrict__ in, float* __restrict__ out, int rows, int cols) {
  __shared__ float buf[2][kSpan];
  auto block = cg::this_thread_block();
  int col0 = blockIdx.x * kTile;
  if (col0 < kRadius || col0 + kTile + kRadius > cols) return; // interior tiles only
  int t = block.thread_rank();

  cg::memcpy_async(block, buf[0], in + col0 - kRadius, sizeof(float) * kSpan);
  for (int r = 0; r < rows; ++r) {
    int cur = r & 1;
    if (r + 1 < rows) {
      cg::memcpy_async(block, buf[cur ^ 1], in + (size_t)(r + 1) * cols + col0 - kRadius, sizeof(float) * kSpan);
      cg::wait_prior<1>(block);
    } else {
      cg::wait(block);
    }
    float v = 0.f;
#pragma unroll
    for (int d = -kRadius; d <= kRadius; ++d) v += buf[cur][kRadius + t + d];
    out[(size_t)r * cols + col0 + t] = v * (1.f / (2 * kRadius + 1));
    block.sync(); // everyone is done with buf[cur] before it is refilled
  }
}
