// splitk_ticket_poll_bug: splitk_ticket_poll_ok.cu (cuBLAS's serial
// split-K: tickets, then a semaphore polled with relaxed loads and a
// block-wide barrier) without the fence between a block's sums and the
// hand-over of the turn: the next slice's poll observes a store that
// releases nothing, and its reads of the accumulator may see stale sums.
//
// EXPECT: fence-missing read
#include <cstdio>
#include <cuda/atomic>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kTiles = 2, kSplits = 4, kTile = 64, kK = 256;

__global__ void splitk(const float* a, float* acc, int* tickets, int* semaphore) {
  int tile = blockIdx.x, split = blockIdx.y, col = threadIdx.x;
  __shared__ int ticket;
  if (col == 0) ticket = atomicAdd(&tickets[tile], 1);
  __syncthreads();
  float partial = 0.f;
  int k0 = split * (kK / kSplits);
  for (int k = k0; k < k0 + kK / kSplits; ++k) partial += a[(tile * kTile + col) * kK + k];
  int mine = ticket;
  // The semaphore through device-scope relaxed atomics (cuBLAS: `volatile`,
  // which warpcheck warns about as race-volatile on the flag itself, and
  // whose SASS a system-scope atomic_ref shares).
  cuda::atomic_ref<int, cuda::thread_scope_device> turn(semaphore[tile]);
  if (col == 0) {
    while (turn.load(cuda::memory_order_relaxed) != mine) {
    }
  }
  __syncthreads();
  volatile float* out = &acc[tile * kTile + col];
  float before = mine == 0 ? 0.f : *out;  // @read
  *(float*)out = before + partial;
  __syncthreads();
  if (col == 0) turn.store(mine + 1, cuda::memory_order_relaxed);
}

int main() {
  float *a, *acc;
  int *tickets, *semaphore;
  CHECK(cudaMallocManaged(&a, kTiles * kTile * kK * sizeof(float)));
  CHECK(cudaMalloc(&acc, kTiles * kTile * sizeof(float)));
  CHECK(cudaMalloc(&tickets, kTiles * sizeof(int)));
  CHECK(cudaMalloc(&semaphore, kTiles * sizeof(int)));
  for (int i = 0; i < kTiles * kTile * kK; ++i) a[i] = (float)(i % 7);
  CHECK(cudaMemset(tickets, 0, kTiles * sizeof(int)));
  CHECK(cudaMemset(semaphore, 0, kTiles * sizeof(int)));
  splitk<<<dim3(kTiles, kSplits), kTile>>>(a, acc, tickets, semaphore);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  float out[kTiles * kTile];
  CHECK(cudaMemcpy(out, acc, sizeof out, cudaMemcpyDeviceToHost));
  double sum = 0;
  for (float v : out) sum += v;
  fprintf(stderr, "sum %.0f (may miss a slice: the race)\n", sum);
  printf("splitk_ticket_poll: done\n");
  CHECK(cudaFree(a));
  CHECK(cudaFree(acc));
  CHECK(cudaFree(tickets));
  CHECK(cudaFree(semaphore));
  return 0;
}
