// grid_barrier_volatile_poll_bug: a hand-rolled grid barrier whose blocks
// wait by polling the arrival counter through a `volatile` pointer.
//
// Each block's thread 0 first adds the block's count to a global total
// (a device-scope atomicAdd), and after a barrier and a fence stores the
// block's partial sum; then it fences, arrives with atomicAdd on the
// counter and spins on volatile loads of it. The polls of every block but
// the last to arrive run while other blocks' atomicAdds on the counter are
// still to come: a volatile load and an atomic of different threads that
// nothing orders, a race under CUDA C++ (volatile is not atomic). Each
// block acquired the total's earlier additions before it arrives: what it
// acquired was made before the later arrivals, and orders nothing after
// them (before the sync clock, "acquired any publication" hid the race).
// The data read after the barrier is ordered (fences on both sides): no
// other finding. Twin: grid_barrier_atomic_poll_fixed.
//
// EXPECT: race-volatile poll arrive
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kBlocks = 8, kThreads = 64;

__global__ void sum_then_read(const int* in, int* partial, unsigned int* arrived, int* total, int* out) {
  __shared__ int s;
  if (threadIdx.x == 0) s = 0;
  __syncthreads();
  atomicAdd_block(&s, in[blockIdx.x * kThreads + threadIdx.x]);
  __syncthreads();
  if (threadIdx.x == 0) atomicAdd(total, 1);
  __syncthreads();
  if (threadIdx.x == 0) {
    __threadfence();
    partial[blockIdx.x] = s;
    __threadfence();
    atomicAdd(arrived, 1u);  // @arrive
    while (*(volatile unsigned int*)arrived < gridDim.x) {  // @poll
    }
    __threadfence();
    int sum = 0;
    for (int b = 0; b < kBlocks; ++b) sum += partial[b];
    out[blockIdx.x] = sum;
  }
}

int main() {
  int *in, *partial, *total, *out;
  unsigned int* arrived;
  CHECK(cudaMallocManaged(&in, kBlocks * kThreads * sizeof(int)));
  CHECK(cudaMalloc(&partial, kBlocks * sizeof(int)));
  CHECK(cudaMalloc(&total, sizeof(int)));
  CHECK(cudaMallocManaged(&out, kBlocks * sizeof(int)));
  CHECK(cudaMalloc(&arrived, sizeof(unsigned int)));
  for (int i = 0; i < kBlocks * kThreads; ++i) in[i] = i % 7;
  CHECK(cudaMemset(arrived, 0, sizeof(unsigned int)));
  CHECK(cudaMemset(total, 0, sizeof(int)));
  sum_then_read<<<kBlocks, kThreads>>>(in, partial, arrived, total, out);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  printf("grid_barrier_volatile_poll_bug: sum %d\n", out[0]);
  CHECK(cudaFree(in));
  CHECK(cudaFree(partial));
  CHECK(cudaFree(total));
  CHECK(cudaFree(out));
  CHECK(cudaFree(arrived));
  return 0;
}
