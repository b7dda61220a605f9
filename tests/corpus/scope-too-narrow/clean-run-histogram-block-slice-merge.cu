// corpus-run:
// Byte histogram with a privatised copy per block in global memory (the
// 1024 bins do not fit the shared-memory budget this kernel was tuned for):
// every block counts into its own row of scratch[] with atomicAdd_block --
// only the threads of that block ever touch that row, so block scope is
// enough -- and after a barrier merges its row into the final histogram
// with device-scope atomicAdd, the only words several blocks share.
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

constexpr int kBins = 1024, kBlock = 256;

__global__ void histogram10(const unsigned short* keys, int n, unsigned int* scratch, unsigned int* hist) {
  unsigned int* row = scratch + (size_t)blockIdx.x * kBins;
  for (int i = blockIdx.x * kBlock + threadIdx.x; i < n; i += kBlock * gridDim.x)
    atomicAdd_block(&row[keys[i] & (kBins - 1)], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < kBins; b += kBlock) {
    unsigned int c = row[b];
    if (c) atomicAdd(&hist[b], c);
  }
}

int main() {
  constexpr int n = 1 << 16, grid = 16;
  static unsigned short h_keys[n];
  static unsigned int h_hist[kBins];
  for (int i = 0; i < n; ++i) h_keys[i] = (unsigned short)((i * 40503u) >> 3);
  unsigned short* d_keys;
  unsigned int *d_scratch, *d_hist;
  CHECK(cudaMalloc(&d_keys, n * sizeof(unsigned short)));
  CHECK(cudaMalloc(&d_scratch, (size_t)grid * kBins * sizeof(unsigned int)));
  CHECK(cudaMalloc(&d_hist, kBins * sizeof(unsigned int)));
  CHECK(cudaMemcpy(d_keys, h_keys, n * sizeof(unsigned short), cudaMemcpyHostToDevice));
  CHECK(cudaMemset(d_scratch, 0, (size_t)grid * kBins * sizeof(unsigned int)));
  CHECK(cudaMemset(d_hist, 0, kBins * sizeof(unsigned int)));
  histogram10<<<grid, kBlock>>>(d_keys, n, d_scratch, d_hist);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(h_hist, d_hist, sizeof h_hist, cudaMemcpyDeviceToHost));
  unsigned int total = 0;
  for (int b = 0; b < kBins; ++b) total += h_hist[b];
  printf("histogram10: %u keys in %d bins\n", total, kBins);
  CHECK(cudaFree(d_keys));
  CHECK(cudaFree(d_scratch));
  CHECK(cudaFree(d_hist));
  return 0;
}
