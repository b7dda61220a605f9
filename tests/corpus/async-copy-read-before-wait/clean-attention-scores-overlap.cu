// Attention scores S = Q K^T for one query block: Q is loaded synchronously
// once, and K tiles are double-buffered with cooperative_groups::memcpy_async.
// While the next K tile is in flight, the block reads Q and the K tile that
// wait_prior<1> completed: the buffer being filled is never touched.
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
namespace cg = cooperative_groups;

constexpr int kD = 64;       // head dimension
constexpr int kQ = 16;       // queries per block
constexpr int kKeys = 64;    // keys per tile

__global__ void qk_scores(const float *__restrict__ Q, const float *__restrict__ K, float *__restrict__ S,
                          int num_keys, float scale) {
  __shared__ __align__(16) float q[kQ][kD];
  __shared__ __align__(16) float k[2][kKeys][kD];
  auto block = cg::this_thread_block();
  const int t = block.thread_rank();  // 256 threads: 16 queries x 16 key groups
  const int qi = t / 16, kg = t % 16;

  for (int i = t; i < kQ * kD; i += block.size()) q[i / kD][i % kD] = Q[(size_t)blockIdx.x * kQ * kD + i];
  const int tiles = num_keys / kKeys;
  cg::memcpy_async(block, &k[0][0][0], K, sizeof(float) * kKeys * kD);
  block.sync();

  for (int tile = 0; tile < tiles; ++tile) {
    const int cur = tile & 1;
    if (tile + 1 < tiles) {
      cg::memcpy_async(block, &k[cur ^ 1][0][0], K + (size_t)(tile + 1) * kKeys * kD, sizeof(float) * kKeys * kD);
      cg::wait_prior<1>(block);
    } else {
      cg::wait(block);
    }
    for (int j = kg; j < kKeys; j += 16) {
      float dot = 0.f;
#pragma unroll 8
      for (int d = 0; d < kD; ++d) dot += q[qi][d] * k[cur][j][d];
      S[((size_t)blockIdx.x * kQ + qi) * num_keys + tile * kKeys + j] = dot * scale;
    }
    block.sync();  // k[cur] is refilled next iteration
  }
}
