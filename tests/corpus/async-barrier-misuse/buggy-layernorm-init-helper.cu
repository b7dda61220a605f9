// Row-wise LayerNorm, one block per row. The barrier setup was factored into
// a helper that every thread calls: every thread of the block runs init()
// on the same shared barrier, racing with the other inits (and with the
// arrivals of threads that already passed the __syncthreads()).
#include <cuda/barrier>

using barrier = cuda::barrier<cuda::thread_scope_block>;

__device__ void setup_phase_barrier(barrier *bar, int expected) {
  init(bar, expected); // expect: async-barrier-misuse
}

__device__ float block_sum(float v, float *scratch, barrier &bar) {
  scratch[threadIdx.x] = v;
  bar.arrive_and_wait();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) scratch[threadIdx.x] += scratch[threadIdx.x + s];
    bar.arrive_and_wait();
  }
  float r = scratch[0];
  bar.arrive_and_wait();
  return r;
}

__global__ void layernorm(const float *__restrict__ x, const float *__restrict__ gamma,
                          const float *__restrict__ beta, float *__restrict__ y, int cols, float eps) {
  __shared__ barrier bar;
  __shared__ float scratch[1024];
  setup_phase_barrier(&bar, blockDim.x);
  __syncthreads();

  const float *row = x + (size_t)blockIdx.x * cols;
  float s = 0.f, sq = 0.f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) {
    float v = row[c];
    s += v;
    sq += v * v;
  }
  const float mean = block_sum(s, scratch, bar) / cols;
  const float var = block_sum(sq, scratch, bar) / cols - mean * mean;
  const float inv = rsqrtf(var + eps);
  for (int c = threadIdx.x; c < cols; c += blockDim.x)
    y[(size_t)blockIdx.x * cols + c] = (row[c] - mean) * inv * gamma[c] + beta[c];
}
