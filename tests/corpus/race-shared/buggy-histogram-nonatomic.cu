// corpus-run:
// Per-block privatised histogram of byte values into 16 bins, merged into
// the global histogram at the end. The shared bins are bumped with a plain
// read-modify-write instead of atomicAdd: two threads (of one warp or of
// two warps) that see the same bin both load the old count and both store
// count + 1, and one increment is lost. Every racing pair (read/write,
// write/write) is on the increment line.
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

constexpr int kBins = 16;

__global__ void histogram16(const unsigned char* data, int n, unsigned int* bins) {
  __shared__ unsigned int local[kBins];
  for (int b = threadIdx.x; b < kBins; b += blockDim.x) local[b] = 0;
  __syncthreads();
  int stride = gridDim.x * blockDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    unsigned bin = data[i] >> 4;
    local[bin] += 1;  // expect-run: race-shared
  }
  __syncthreads();
  for (int b = threadIdx.x; b < kBins; b += blockDim.x)
    if (local[b]) atomicAdd(&bins[b], local[b]);
}

int main() {
  constexpr int n = 4096, grid = 4, block = 128;
  static unsigned char h_data[n];
  for (int i = 0; i < n; ++i) h_data[i] = (unsigned char)((i * 73 + 11) & 0xff);
  unsigned char* d_data;
  unsigned int *d_bins, h_bins[kBins];
  CHECK(cudaMalloc(&d_data, n));
  CHECK(cudaMalloc(&d_bins, sizeof h_bins));
  CHECK(cudaMemcpy(d_data, h_data, n, cudaMemcpyHostToDevice));
  CHECK(cudaMemset(d_bins, 0, sizeof h_bins));
  histogram16<<<grid, block>>>(d_data, n, d_bins);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_bins, d_bins, sizeof h_bins, cudaMemcpyDeviceToHost));
  unsigned total = 0;
  for (int b = 0; b < kBins; ++b) total += h_bins[b];
  printf("histogram16: %d bins\n", kBins);
  fprintf(stderr, "counted %u of %d bytes\n", total, n);
  CHECK(cudaFree(d_data));
  CHECK(cudaFree(d_bins));
  return 0;
}
