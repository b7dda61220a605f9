// Per-block privatised histogram. The block barrier that separates the
// clearing, counting and flushing phases is initialised by every thread
// (the guard was lost when the init moved out of a helper), racing with
// arrivals of threads that are already past it.
#include <cuda/barrier>

using barrier = cuda::barrier<cuda::thread_scope_block>;

constexpr int kBins = 256;

__global__ void histogram(const unsigned char *data, int n, unsigned *global_hist) {
  __shared__ unsigned hist[kBins];
  __shared__ barrier phase;
  init(&phase, blockDim.x); // expect: async-barrier-misuse
  __syncthreads();

  for (int b = threadIdx.x; b < kBins; b += blockDim.x) hist[b] = 0;
  phase.arrive_and_wait();

  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&hist[data[i]], 1u);
  phase.arrive_and_wait();

  for (int b = threadIdx.x; b < kBins; b += blockDim.x)
    if (hist[b]) atomicAdd(&global_hist[b], hist[b]);
}
