// Shared-memory tiled SGEMM with double-buffered cg::memcpy_async: the
// whole block issues each copy and waits for it; a warp-specialised
// epilogue reduces partial sums within each warp.
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

constexpr int kTile = 32;

__global__ void sgemm_tiled(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
                            float* __restrict__ row_norms, int M, int N, int K) {
  __shared__ float As[2][kTile][kTile];
  __shared__ float Bs[2][kTile][kTile];
  auto block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  int tx = threadIdx.x % kTile, ty = threadIdx.x / kTile;
  int row = blockIdx.y * kTile + ty, col = blockIdx.x * kTile + tx;
  int tiles = (K + kTile - 1) / kTile;

  auto stage = [&](int t, int buf) {
    int k0 = t * kTile;
    cg::memcpy_async(block, &As[buf][0][0], A + (size_t)blockIdx.y * kTile * K + k0, sizeof(float) * kTile * kTile);
    cg::memcpy_async(block, &Bs[buf][0][0], B + (size_t)k0 * N + blockIdx.x * kTile, sizeof(float) * kTile * kTile);
  };

  float acc = 0.f;
  stage(0, 0);
  for (int t = 0; t < tiles; ++t) {
    if (t + 1 < tiles) {
      stage(t + 1, (t + 1) & 1);
      cg::wait_prior<1>(block);
    } else {
      cg::wait(block);
    }
    int buf = t & 1;
    for (int k = 0; k < kTile; ++k) acc += As[buf][ty][k] * Bs[buf][k][tx];
    block.sync();
  }
  if (row < M && col < N) C[(size_t)row * N + col] = acc;

  // Each warp holds one row of the C tile: reduce its squares.
  float sq = cg::reduce(warp, acc * acc, cg::plus<float>());
  if (warp.thread_rank() == 0 && row < M) atomicAdd(&row_norms[row], sq);
}
