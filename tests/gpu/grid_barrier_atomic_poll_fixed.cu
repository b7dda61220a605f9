// grid_barrier_atomic_poll_fixed: grid_barrier_volatile_poll_bug with the
// arrival counter polled through cuda::atomic_ref (a relaxed device-scope
// load) instead of a `volatile` pointer: strong accesses of device scope do
// not race, and the fences order the partial sums. Twin:
// grid_barrier_volatile_poll_bug.
//
// EXPECT-NONE
#include <cuda/atomic>
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
    atomicAdd(arrived, 1u);
    cuda::atomic_ref<unsigned int, cuda::thread_scope_device> counter(*arrived);
    while (counter.load(cuda::memory_order_relaxed) < gridDim.x) {
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
  printf("grid_barrier_atomic_poll_fixed: sum %d\n", out[0]);
  CHECK(cudaFree(in));
  CHECK(cudaFree(partial));
  CHECK(cudaFree(total));
  CHECK(cudaFree(out));
  CHECK(cudaFree(arrived));
  return 0;
}
