// Warp-specialised GEMV: warp 0 streams tiles of the matrix into a
// block-scope pipeline partitioned by role, the consumer warps do the
// dot products. Producers only acquire and commit; consumers only wait and
// release.
#include <cooperative_groups.h>
#include <cuda/pipeline>
namespace cg = cooperative_groups;

constexpr int kStages = 2;
constexpr int kCols = 128;   // columns per tile
constexpr int kRows = 8;     // rows per block

__global__ void gemv_ws(const float* __restrict__ A, const float* __restrict__ x, float* __restrict__ y, int n) {
  __shared__ float tile[kStages][kRows][kCols];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, kStages> state;
  auto block = cg::this_thread_block();
  int warp = block.thread_rank() / 32, lane = block.thread_rank() % 32;
  bool producer = warp == 0;
  auto pipe = cuda::make_pipeline(block, &state, producer ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer);
  int row0 = blockIdx.x * kRows;
  int tiles = n / kCols;

  if (producer) {
    for (int t = 0; t < tiles; ++t) {
      pipe.producer_acquire();
      for (int r = 0; r < kRows; ++r)
        for (int c = lane; c < kCols; c += 32)
          cuda::memcpy_async(&tile[t % kStages][r][c], A + (size_t)(row0 + r) * n + t * kCols + c, sizeof(float), pipe);
      pipe.producer_commit();
    }
    return;
  }
  int r = warp - 1; // consumer warps 1..kRows
  float acc = 0.f;
  for (int t = 0; t < tiles; ++t) {
    pipe.consumer_wait();
    if (r < kRows)
      for (int c = lane; c < kCols; c += 32) acc += tile[t % kStages][r][c] * x[t * kCols + c];
    pipe.consumer_release();
  }
  for (int o = 16; o > 0; o >>= 1) acc += __shfl_down_sync(0xffffffff, acc, o);
  if (lane == 0 && r < kRows) y[row0 + r] = acc;
}
