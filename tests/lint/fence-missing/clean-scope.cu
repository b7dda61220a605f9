// RUN: %check_warpcheck %s fence-missing
// A block-scope fence where a device one is needed is scope-too-narrow's
// finding, not fence-missing's.
#include <cuda/atomic>

__device__ int payload;
__device__ volatile int ready = 0;
__global__ void handoffBlocks(int *out) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    payload = 7;
    __threadfence_block();
    ready = 1;
  } else if (blockIdx.x == 1 && threadIdx.x == 0 && ready == 1) {
    __threadfence_block();
    *out = payload;
  }
}

__device__ unsigned count = 0;
__global__ void lastBlockNarrow(const float *in, float *partial, float *total) {
  if (threadIdx.x != 0) return;
  partial[blockIdx.x] = in[blockIdx.x];
  cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_block);
  if (atomicAdd(&count, 1u) == gridDim.x - 1) {
    cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_block);
    float t = 0.f;
    for (unsigned b = 0; b < gridDim.x; ++b) t += partial[b];
    *total = t;
  }
}

// Communication inside one block through shared memory: __syncthreads()
// orders it, and block-scope atomics are for it.
__global__ void blockQueue(const int *in, int *out) {
  __shared__ int items[256];
  __shared__ int ready;
  if (threadIdx.x == 0) ready = 0;
  __syncthreads();
  items[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  if (atomicAdd_block(&ready, 1) == int(blockDim.x) - 1) out[blockIdx.x] = items[0];
}
