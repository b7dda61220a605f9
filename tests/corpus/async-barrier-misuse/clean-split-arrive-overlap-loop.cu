// Iterated 1-D heat diffusion with a split barrier: each thread publishes
// its new value, arrives, updates its private running residual while the
// slower threads catch up, and only then waits for the phase. The token
// comes from the arrive on the same barrier on every path.
#include <cuda/barrier>
#include <utility>

using barrier = cuda::barrier<cuda::thread_scope_block>;

constexpr int kN = 512;

__global__ void heat1d(float *__restrict__ u, float *__restrict__ residual, float alpha, int steps) {
  __shared__ float cur[kN + 2], nxt[kN + 2];
  __shared__ barrier bar;
  const int i = threadIdx.x + 1;  // blockDim.x == kN
  if (threadIdx.x == 0) {
    init(&bar, blockDim.x);
    cur[0] = cur[kN + 1] = nxt[0] = nxt[kN + 1] = 0.f;
  }
  __syncthreads();
  cur[i] = u[blockIdx.x * kN + threadIdx.x];
  bar.arrive_and_wait();

  float res = 0.f;
  for (int s = 0; s < steps; ++s) {
    const float v = cur[i] + alpha * (cur[i - 1] - 2.f * cur[i] + cur[i + 1]);
    nxt[i] = v;
    barrier::arrival_token tok = bar.arrive();
    res += fabsf(v - cur[i]);  // private work overlapping the barrier
    bar.wait(std::move(tok));
    cur[i] = nxt[i];
    bar.arrive_and_wait();
  }
  u[blockIdx.x * kN + threadIdx.x] = cur[i];
  residual[blockIdx.x * kN + threadIdx.x] = res;
}
