// Warp-specialised producer/consumer: warp 0 streams tiles into a
// multi-stage block-scope cuda::pipeline, the other warps consume them.
// The pipeline is partitioned by role, so producers and consumers each
// follow their half of the protocol.
#include <cooperative_groups.h>
#include <cuda/pipeline>
namespace cg = cooperative_groups;

constexpr int kStages = 3;
constexpr int kTile = 128;

__global__ void scale_stream(const float* __restrict__ in, float* __restrict__ out, int tiles, float alpha) {
  __shared__ float stage[kStages][kTile];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, kStages> state;
  auto block = cg::this_thread_block();
  int warp = block.thread_rank() / 32, lane = block.thread_rank() % 32;
  auto role = warp == 0 ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer;
  auto pipe = cuda::make_pipeline(block, &state, role);

  if (role == cuda::pipeline_role::producer) {
    for (int t = 0; t < tiles; ++t) {
      pipe.producer_acquire();
      for (int i = lane; i < kTile; i += 32)
        cuda::memcpy_async(&stage[t % kStages][i], in + (size_t)t * kTile + i, sizeof(float), pipe);
      pipe.producer_commit();
    }
  } else {
    int consumer = block.thread_rank() - 32;
    int consumers = block.size() - 32;
    for (int t = 0; t < tiles; ++t) {
      pipe.consumer_wait();
      for (int i = consumer; i < kTile; i += consumers) out[(size_t)t * kTile + i] = alpha * stage[t % kStages][i];
      pipe.consumer_release();
    }
  }
}
