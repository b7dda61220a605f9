// Sliding-window moving average over long rows, one block per row, with
// the row streamed through a multi-stage block-scope cuda::pipeline in the
// guide's fetch-ahead pattern: the inner loop keeps STAGES batches in flight.
#include <cooperative_groups.h>
#include <cuda/pipeline>
namespace cg = cooperative_groups;

constexpr int kStages = 3;

__global__ void moving_average(const float* __restrict__ in, float* __restrict__ out, int row_len, int window) {
  extern __shared__ float stages[]; // kStages * blockDim.x floats
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, kStages> state;
  auto block = cg::this_thread_block();
  auto pipe = cuda::make_pipeline(block, &state);
  const float* row = in + (size_t)blockIdx.x * row_len;
  int chunk = block.size();
  int batches = row_len / chunk;
  float carry = 0.f;

  for (int compute = 0, fetch = 0; compute < batches; ++compute) {
    for (; fetch < batches && fetch < compute + kStages; ++fetch) {
      pipe.producer_acquire();
      cuda::memcpy_async(block, stages + (fetch % kStages) * chunk, row + (size_t)fetch * chunk,
                         sizeof(float) * chunk, pipe);
      pipe.producer_commit();
    }
    pipe.consumer_wait();
    const float* cur = stages + (compute % kStages) * chunk;
    int t = block.thread_rank();
    float sum = 0.f;
    for (int k = 0; k < window && t - k >= 0; ++k) sum += cur[t - k];
    out[(size_t)blockIdx.x * row_len + compute * chunk + t] = (sum + carry) / window;
    carry = cur[chunk - 1];
    block.sync();
    pipe.consumer_release();
  }
}
