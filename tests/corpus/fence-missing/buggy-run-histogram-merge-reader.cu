// corpus-run:
// 256-bin byte histogram in one launch: every block counts its chunk in
// shared memory; blocks 1-15 store their counts to a staging area, fence
// and raise their ready flag, and block 0 merges them, one bin per thread,
// waiting for each block's flag in turn. The publishing side is right, but
// the merging threads add the staged counts right after their volatile
// poll, with no fence between: the loads of partial[] may be satisfied
// before the flag was seen, and the merge can add a stale count.
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

constexpr int kBins = 256, kBlocks = 16, kChunk = 4096;

__global__ void histogramMerge(const unsigned char* data, unsigned int* partial, int* ready, unsigned int* hist) {
  __shared__ unsigned int local[kBins];
  const int t = threadIdx.x, b = blockIdx.x;
  local[t] = 0;
  __syncthreads();
  for (int i = t; i < kChunk; i += blockDim.x) atomicAdd(&local[data[b * kChunk + i]], 1u);
  __syncthreads();
  if (b != 0) {
    partial[b * kBins + t] = local[t];
    __threadfence();
    __syncthreads();
    if (t == 0) ((volatile int*)ready)[b] = 1;  // expect-run: race-volatile
    return;
  }
  unsigned int total = local[t];
  for (int src = 1; src < gridDim.x; ++src) {
    while (((volatile int*)ready)[src] == 0) {  // expect-run: race-volatile
    }
    total += partial[src * kBins + t];  // expect: fence-missing  // expect-run: fence-missing
  }
  hist[t] = total;
}

int main() {
  constexpr int n = kBlocks * kChunk;
  unsigned char* data;
  unsigned int *partial, *hist;
  int* ready;
  CHECK(cudaMallocManaged(&data, n));
  CHECK(cudaMalloc(&partial, kBlocks * kBins * sizeof(unsigned int)));
  CHECK(cudaMalloc(&ready, kBlocks * sizeof(int)));
  CHECK(cudaMallocManaged(&hist, kBins * sizeof(unsigned int)));
  for (int i = 0; i < n; ++i) data[i] = (unsigned char)((i * 131 + (i >> 7)) & 0xff);
  CHECK(cudaMemset(ready, 0, kBlocks * sizeof(int)));
  histogramMerge<<<kBlocks, kBins>>>(data, partial, ready, hist);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  unsigned long long counted = 0;
  for (int k = 0; k < kBins; ++k) counted += hist[k];
  printf("histogramMerge: %d bytes, %d bins\n", n, kBins);
  fprintf(stderr, "counted %llu of %d bytes\n", counted, n);
  CHECK(cudaFree(data));
  CHECK(cudaFree(partial));
  CHECK(cudaFree(ready));
  CHECK(cudaFree(hist));
  return 0;
}
