// Block-level consumer of a global message ring: each block copies a slot's
// payload into shared memory with cp.async and processes it. The slot is
// cleared for the producers right after the copy is issued, but the copy
// may still be reading it: a store to the source of a copy in flight.
#include <cuda_pipeline.h>

constexpr int kSlotWords = 256;

__global__ void drain_ring(int *__restrict__ ring, const int *__restrict__ ready_slots, int n_ready,
                           int *__restrict__ checksum) {
  __shared__ __align__(16) int msg[kSlotWords];
  __shared__ int partial[kSlotWords];
  const int t = threadIdx.x;  // blockDim.x == kSlotWords
  for (int k = blockIdx.x; k < n_ready; k += gridDim.x) {
    int *slot = ring + (size_t)ready_slots[k] * kSlotWords;
    __pipeline_memcpy_async(&msg[t], &slot[t], sizeof(int));
    __pipeline_commit();
    slot[t] = 0; // expect: async-copy-read-before-wait
    __pipeline_wait_prior(0);
    __syncthreads();
    partial[t] = msg[t] ^ msg[(t + 1) % kSlotWords];
    __syncthreads();
    for (int s = kSlotWords / 2; s > 0; s >>= 1) {
      if (t < s) partial[t] ^= partial[t + s];
      __syncthreads();
    }
    if (t == 0) atomicXor(checksum, partial[0]);
    __syncthreads();
  }
}
