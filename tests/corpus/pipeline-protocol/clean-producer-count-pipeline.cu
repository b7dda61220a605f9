// Batched 2-D convolution input staging with a block-scope pipeline made
// with a producer count: the first warp fills the stages, the other warps
// only wait and release. Consumers never commit on their own path, which is
// how a partitioned pipeline is meant to be used.
#include <cooperative_groups.h>
#include <cuda/pipeline>
namespace cg = cooperative_groups;

constexpr int kStages = 3;
constexpr int kW = 64;  // row width of a staged image row

__global__ void row_blur(const float *__restrict__ img, float *__restrict__ out, int rows) {
  __shared__ float line[kStages][kW + 2];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, kStages> state;
  auto block = cg::this_thread_block();
  const unsigned producers = 32;
  auto pipe = cuda::make_pipeline(block, &state, producers);
  const int t = block.thread_rank();
  const float *src = img + (size_t)blockIdx.x * rows * (kW + 2);

  if (t < (int)producers) {
    for (int r = 0; r < rows; ++r) {
      pipe.producer_acquire();
      for (int c = t; c < kW + 2; c += 32)
        cuda::memcpy_async(&line[r % kStages][c], &src[(size_t)r * (kW + 2) + c], sizeof(float), pipe);
      pipe.producer_commit();
    }
  } else {
    const int c = t - producers;  // kW consumer threads
    for (int r = 0; r < rows; ++r) {
      pipe.consumer_wait();
      if (c < kW) {
        const float *l = line[r % kStages];
        out[((size_t)blockIdx.x * rows + r) * kW + c] = 0.25f * l[c] + 0.5f * l[c + 1] + 0.25f * l[c + 2];
      }
      pipe.consumer_release();
    }
  }
}
