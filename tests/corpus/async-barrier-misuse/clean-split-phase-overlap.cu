// Split arrive/wait to overlap independent work with a block-wide phase:
// each iteration publishes a row of partial results, does its own
// register-only work while the others catch up, then reads its neighbours.
// The init lives in a device helper called by one thread, and the token is
// carried from one iteration to the next.
#include <cuda/barrier>

using barrier = cuda::barrier<cuda::thread_scope_block>;

__device__ void make_barriers(barrier *b, int count) { init(b, count); }

__device__ float polish(float x) {
  for (int i = 0; i < 4; ++i) x = 0.5f * (x + 2.f / (x + 1e-6f));
  return x;
}

__global__ void relax(const float *in, float *out, int rows) {
  __shared__ barrier bar;
  __shared__ float row[1024];
  if (threadIdx.x == 0) make_barriers(&bar, blockDim.x);
  __syncthreads();

  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int r = 0; r < rows; ++r) {
    row[threadIdx.x] = v;
    barrier::arrival_token token = bar.arrive();
    const float own = polish(v); // independent of the other threads
    bar.wait(std::move(token));
    const float left = row[(threadIdx.x + blockDim.x - 1) % blockDim.x];
    const float right = row[(threadIdx.x + 1) % blockDim.x];
    bar.arrive_and_wait(); // nobody overwrites row[] while it is read
    v = 0.5f * own + 0.25f * (left + right);
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}
