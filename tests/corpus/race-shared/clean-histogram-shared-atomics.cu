// corpus-run:
// Per-block privatised 256-bin histogram: the block clears its shared bins,
// barrier, bumps them with shared-memory atomicAdd from a grid-stride loop,
// barrier, and merges the non-empty bins into the global histogram. Many
// threads update the same bin in the same barrier interval, but only with
// atomics; the plain stores (clear) and loads (merge) are each separated
// from the atomics by a barrier.
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(call)                                                              \
  do {                                                                           \
    cudaError_t err_ = (call);                                                   \
    if (err_ != cudaSuccess) {                                                   \
      fprintf(stderr, "CUDA error at %s:%d: %s\n", __FILE__, __LINE__,            \
              cudaGetErrorString(err_));                                         \
      return 1;                                                                  \
    }                                                                            \
  } while (0)

constexpr int kBins = 256;

__global__ void histogram256(const unsigned char* data, int n, unsigned int* bins) {
  __shared__ unsigned int local[kBins];
  for (int b = threadIdx.x; b < kBins; b += blockDim.x) local[b] = 0;
  __syncthreads();
  int stride = gridDim.x * blockDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    atomicAdd(&local[data[i]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < kBins; b += blockDim.x) {
    unsigned c = local[b];
    if (c) atomicAdd(&bins[b], c);
  }
}

int main() {
  constexpr int n = 5000, grid = 4, block = 128;
  static unsigned char h_data[n];
  for (int i = 0; i < n; ++i) h_data[i] = (unsigned char)((i * i + 3 * i) % 61);
  unsigned char* d_data;
  unsigned int *d_bins, h_bins[kBins];
  CHECK(cudaMalloc(&d_data, n));
  CHECK(cudaMalloc(&d_bins, sizeof h_bins));
  CHECK(cudaMemcpy(d_data, h_data, n, cudaMemcpyHostToDevice));
  CHECK(cudaMemset(d_bins, 0, sizeof h_bins));
  histogram256<<<grid, block>>>(d_data, n, d_bins);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_bins, d_bins, sizeof h_bins, cudaMemcpyDeviceToHost));
  unsigned total = 0;
  for (int b = 0; b < kBins; ++b) total += h_bins[b];
  printf("histogram256: counted %u of %d bytes\n", total, n);
  CHECK(cudaFree(d_data));
  CHECK(cudaFree(d_bins));
  return 0;
}
