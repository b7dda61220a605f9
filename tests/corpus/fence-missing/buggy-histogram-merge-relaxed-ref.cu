// Histogram equalisation in one launch: every block writes its private
// 256-bin histogram to global memory and bumps a libcu++ counter with a
// relaxed fetch_add; the block that arrives last merges the histograms and
// builds the CDF. memory_order_relaxed orders nothing: the counter can be
// seen before the histogram stores.
#include <cuda/atomic>

#define BINS 256

__global__ void equalizeHist(const unsigned char *img, size_t n, unsigned *blockHist, unsigned *counter,
                             float *cdf) {
  __shared__ unsigned local[BINS];
  __shared__ bool last;
  for (int b = threadIdx.x; b < BINS; b += blockDim.x) local[b] = 0;
  __syncthreads();
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
    atomicAdd(&local[img[i]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < BINS; b += blockDim.x) blockHist[blockIdx.x * BINS + b] = local[b];
  __syncthreads();
  if (threadIdx.x == 0) {
    cuda::atomic_ref<unsigned, cuda::thread_scope_device> done(*counter);
    last = done.fetch_add(1u, cuda::memory_order_relaxed) == gridDim.x - 1; // expect: fence-missing
  }
  __syncthreads();
  if (!last) return;
  __threadfence();
  for (int b = threadIdx.x; b < BINS; b += blockDim.x) {
    unsigned total = 0;
    for (unsigned k = 0; k < gridDim.x; ++k) total += blockHist[k * BINS + b];
    local[b] = total;
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    unsigned run = 0;
    for (int b = 0; b < BINS; ++b) {
      run += local[b];
      cdf[b] = (float)run / (float)n;
    }
    *counter = 0;
  }
}
