// Two-stage block reduction with split arrive/wait: each thread publishes
// its partial sum, a first warp folds the partials, and everybody reads the
// result. A refactoring moved the wait for the first phase into the branch
// of the folding warp only, so the other threads arrive a second time in the
// same phase and the phase completes before the partials are written.
#include <cuda/barrier>

using bar_t = cuda::barrier<cuda::thread_scope_block>;

__global__ void block_sum(const float *in, float *out, int n) {
  __shared__ bar_t bar;
  __shared__ float partial[1024];
  __shared__ float total;
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();

  float v = 0.f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) v += in[i];
  partial[threadIdx.x] = v;

  bar_t::arrival_token published = bar.arrive();
  if (threadIdx.x < 32) {
    bar.wait(std::move(published));
    float s = 0.f;
    for (int i = threadIdx.x; i < blockDim.x; i += 32) s += partial[i];
    for (int off = 16; off > 0; off >>= 1) s += __shfl_down_sync(0xffffffffu, s, off);
    if (threadIdx.x == 0) total = s;
    bar.arrive_and_wait();
  } else {
    bar.arrive_and_wait(); // expect: async-barrier-misuse
  }
  if (threadIdx.x == 0) out[blockIdx.x] = total;
}
