// Tiled transpose through a two-stage block-scope pipeline. The stage is
// released right after the copy is committed ("we are done issuing"),
// before any consumer_wait(): producers may refill it while the block
// still reads it, and the wait that follows pairs with the wrong stage.
#include <cooperative_groups.h>
#include <cuda/pipeline>
namespace cg = cooperative_groups;

constexpr int kTile = 32;

__global__ void transpose_tiles(const float* __restrict__ in, float* __restrict__ out, int n, int tiles_per_block) {
  __shared__ float tile[2][kTile][kTile + 1];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
  auto block = cg::this_thread_block();
  auto pipe = cuda::make_pipeline(block, &state);
  int tx = threadIdx.x % kTile, ty = threadIdx.x / kTile; // 32 x 32 threads

  for (int k = 0; k < tiles_per_block; ++k) {
    int tile_id = blockIdx.x * tiles_per_block + k;
    int bx = tile_id % (n / kTile), by = tile_id / (n / kTile);
    pipe.producer_acquire();
    cuda::memcpy_async(&tile[k % 2][ty][tx], in + (size_t)(by * kTile + ty) * n + bx * kTile + tx, sizeof(float), pipe);
    pipe.producer_commit();
    pipe.consumer_release(); // expect: pipeline-protocol
    pipe.consumer_wait();
    out[(size_t)(bx * kTile + ty) * n + by * kTile + tx] = tile[k % 2][tx][ty];
    block.sync();
  }
}
