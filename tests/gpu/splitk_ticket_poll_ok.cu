// splitk_ticket_poll_ok: a serial split-K reduction the way cuBLAS's
// sgemm_largek_lds64 does it in a PyTorch training step (its SASS, libcublas
// 13, offsets 0x01c0 and 0x1760-0x2010), done right.
//
// Each block of a tile's slices first takes a ticket with a relaxed
// atomicAdd (thread 0, before it has written or fenced anything: the ticket
// releases nothing). In ticket order, thread 0 polls the tile's semaphore
// (relaxed loads; cuBLAS: `volatile`) until it reads its ticket, and the
// block passes __syncthreads() -- with no fence after the poll. Every
// thread then reads the accumulator with `volatile` loads and stores its
// sum plainly, fences, passes __syncthreads(), and thread 0 hands the turn
// on with a relaxed store. The poll that observed the fenced hand-over, followed by the
// block-wide barrier, acquires it for the block, as the guide's last-block
// reduction's atomicInc and barrier do (docs/run-memory-model.md, "A strong
// read then a block-wide barrier"): nothing to report. The twin,
// splitk_ticket_poll_bug.cu, leaves out the writer's fence.
//
// EXPECT-NONE
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
  float before = mine == 0 ? 0.f : *out;
  *(float*)out = before + partial;
  __threadfence();
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
  printf("splitk_ticket_poll: sum %.0f\n", sum);
  CHECK(cudaFree(a));
  CHECK(cudaFree(acc));
  CHECK(cudaFree(tickets));
  CHECK(cudaFree(semaphore));
  return 0;
}
