// corpus-run:
// Persistent kernel with two-level work distribution for irregular items
// (Collatz trajectory lengths): thread 0 of a block takes a batch of items
// from the grid-wide queue with a device-scope atomicAdd -- every block
// competes for it -- and the block's threads then take items from that
// batch one at a time through a cursor in shared memory bumped with
// atomicAdd_block, which only the block's own threads use.
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

constexpr int kBatch = 256, kBlock = 64;

__global__ void collatzLengths(int nItems, unsigned int* queueHead, int* steps) {
  __shared__ int batchBegin;
  __shared__ unsigned int cursor;
  for (;;) {
    if (threadIdx.x == 0) {
      batchBegin = (int)atomicAdd(queueHead, (unsigned)kBatch);
      cursor = 0;
    }
    __syncthreads();
    if (batchBegin >= nItems) break;
    for (;;) {
      unsigned int k = atomicAdd_block(&cursor, 1u);
      int item = batchBegin + (int)k;
      if (k >= kBatch || item >= nItems) break;
      unsigned long long v = (unsigned long long)item + 1;
      int s = 0;
      while (v != 1) {
        v = (v & 1) ? 3 * v + 1 : v >> 1;
        ++s;
      }
      steps[item] = s;
    }
    __syncthreads();  // the batch is done before thread 0 takes the next one
  }
}

int main() {
  constexpr int nItems = 20000, grid = 8;
  int* d_steps;
  unsigned int* d_head;
  static int h_steps[nItems];
  CHECK(cudaMalloc(&d_steps, nItems * sizeof(int)));
  CHECK(cudaMalloc(&d_head, sizeof(unsigned int)));
  CHECK(cudaMemset(d_head, 0, sizeof(unsigned int)));
  collatzLengths<<<grid, kBlock>>>(nItems, d_head, d_steps);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(h_steps, d_steps, sizeof h_steps, cudaMemcpyDeviceToHost));
  long long total = 0;
  for (int i = 0; i < nItems; ++i) total += h_steps[i];
  printf("collatzLengths: %d items, %lld steps in all\n", nItems, total);
  CHECK(cudaFree(d_steps));
  CHECK(cudaFree(d_head));
  return 0;
}
