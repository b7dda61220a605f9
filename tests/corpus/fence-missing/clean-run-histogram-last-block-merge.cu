// corpus-run:
// 64-bin histogram in one launch with a last-block merge: every block
// counts its chunk in shared memory and stores its 64 counts to a staging
// area (one bin per thread); every thread fences its own store, the block
// meets at a barrier, and thread 0 takes a ticket. Thread 0 of the block
// that draws the last ticket fences and tells its block through shared
// memory; after the barrier each thread merges one bin over all blocks.
// The stores are fenced before the ticket and the reads come after the
// last block's fence: correct on both sides.
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

constexpr int kBins = 64, kBlocks = 16, kChunk = 2048;

__global__ void histogram64(const unsigned char* data, unsigned int* staged, unsigned int* tickets,
                            unsigned int* hist) {
  __shared__ unsigned int local[kBins];
  __shared__ bool lastBlock;
  const int t = threadIdx.x, b = blockIdx.x;
  local[t] = 0;
  __syncthreads();
  for (int i = t; i < kChunk; i += blockDim.x) atomicAdd(&local[data[b * kChunk + i] % kBins], 1u);
  __syncthreads();
  staged[b * kBins + t] = local[t];
  __threadfence();
  __syncthreads();
  if (t == 0) {
    unsigned int ticket = atomicAdd(tickets, 1u);
    lastBlock = ticket == gridDim.x - 1;
    if (lastBlock) __threadfence();
  }
  __syncthreads();
  if (!lastBlock) return;
  unsigned int total = 0;
  for (int src = 0; src < gridDim.x; ++src) total += staged[src * kBins + t];
  hist[t] = total;
}

int main() {
  constexpr int n = kBlocks * kChunk;
  unsigned char* data;
  unsigned int *staged, *tickets, *hist;
  CHECK(cudaMallocManaged(&data, n));
  CHECK(cudaMalloc(&staged, kBlocks * kBins * sizeof(unsigned int)));
  CHECK(cudaMalloc(&tickets, sizeof(unsigned int)));
  CHECK(cudaMallocManaged(&hist, kBins * sizeof(unsigned int)));
  unsigned int expected[kBins] = {};
  for (int i = 0; i < n; ++i) {
    data[i] = (unsigned char)((i * 97 + (i >> 5)) & 0xff);
    ++expected[data[i] % kBins];
  }
  CHECK(cudaMemset(tickets, 0, sizeof(unsigned int)));
  histogram64<<<kBlocks, kBins>>>(data, staged, tickets, hist);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  int wrong = 0;
  for (int k = 0; k < kBins; ++k)
    if (hist[k] != expected[k]) ++wrong;
  printf("histogram64: %d bytes, %d bins, %d wrong\n", n, kBins, wrong);
  CHECK(cudaFree(data));
  CHECK(cudaFree(staged));
  CHECK(cudaFree(tickets));
  CHECK(cudaFree(hist));
  return 0;
}
