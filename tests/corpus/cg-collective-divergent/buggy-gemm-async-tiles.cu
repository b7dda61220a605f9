// Shared-memory tiled SGEMM staging its tiles with cg::memcpy_async. The
// copies were restricted to the first warp ("one warp is enough to issue
// them") but still name the whole block as the group: a block collective
// called by 32 of its threads.
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
namespace cg = cooperative_groups;

constexpr int kTile = 32;

__global__ void sgemm_tiled(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C, int M,
                            int N, int K) {
  __shared__ float As[kTile][kTile];
  __shared__ float Bs[kTile][kTile];
  auto block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  int tx = threadIdx.x % kTile, ty = threadIdx.x / kTile;  // blockDim.x == kTile * kTile
  int row = blockIdx.y * kTile + ty, col = blockIdx.x * kTile + tx;
  float acc = 0.f;
  for (int k0 = 0; k0 < K; k0 += kTile) {
    if (warp.meta_group_rank() == 0) {
      for (int r = 0; r < kTile; ++r) {
        cg::memcpy_async(block, As[r], A + (size_t)(blockIdx.y * kTile + r) * K + k0, sizeof(float) * kTile);  // expect: cg-collective-divergent
        cg::memcpy_async(block, Bs[r], B + (size_t)(k0 + r) * N + blockIdx.x * kTile, sizeof(float) * kTile);  // expect: cg-collective-divergent
      }
    }
    cg::wait(block);
    for (int k = 0; k < kTile; ++k) acc += As[ty][k] * Bs[k][tx];
    block.sync();
  }
  if (row < M && col < N) C[(size_t)row * N + col] = acc;
}
