// corpus-run:
// Bitonic sort of 256 keys per block in shared memory with 128 threads:
// each step, every thread handles the pairs (i, i ^ j) with i ^ j > i among
// its two indices, so each pair is compare-exchanged by exactly one thread
// and the pairs of one step are disjoint; a __syncthreads() separates the
// steps. The swaps look like neighbour exchanges without a barrier, but no
// slot is touched by two threads within a step.
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

constexpr int kKeys = 256, kThreads = 128;

__device__ __forceinline__ void compareExchange(unsigned* s, int i, int j, bool ascending) {
  unsigned a = s[i], b = s[j];
  if ((a > b) == ascending) {
    s[i] = b;
    s[j] = a;
  }
}

__global__ void bitonicSort(unsigned* keys) {
  __shared__ unsigned s[kKeys];
  unsigned* block = keys + blockIdx.x * kKeys;
  for (int i = threadIdx.x; i < kKeys; i += kThreads) s[i] = block[i];
  __syncthreads();
  for (int k = 2; k <= kKeys; k <<= 1) {
    for (int j = k >> 1; j > 0; j >>= 1) {
      for (int i = threadIdx.x; i < kKeys; i += kThreads) {
        int partner = i ^ j;
        if (partner > i) compareExchange(s, i, partner, (i & k) == 0);
      }
      __syncthreads();
    }
  }
  for (int i = threadIdx.x; i < kKeys; i += kThreads) block[i] = s[i];
}

int main() {
  constexpr int blocks = 4, n = blocks * kKeys;
  static unsigned h[n];
  for (int i = 0; i < n; ++i) h[i] = (unsigned)((i * 2654435761u) >> 7) % 1000;
  unsigned* d;
  CHECK(cudaMalloc(&d, sizeof h));
  CHECK(cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice));
  bitonicSort<<<blocks, kThreads>>>(d);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
  int unsorted = 0;
  for (int b = 0; b < blocks; ++b)
    for (int i = 1; i < kKeys; ++i) unsorted += h[b * kKeys + i - 1] > h[b * kKeys + i];
  printf("bitonicSort: %d blocks, %d inversions\n", blocks, unsorted);
  CHECK(cudaFree(d));
  return 0;
}
