// A persistent producer/consumer pipeline: block 0 decodes records into a
// ring of slots and advances a published counter with atomicAdd; the other
// blocks wait until the record they need has been published, then filter
// it. Relaxed atomics order nothing: both halves need a fence.
#include <cuda_runtime.h>

#define SLOTS 1024  // nRecords <= SLOTS: the ring is never reused
#define FIELDS 8

struct Ring {
  float *records;            // SLOTS * FIELDS
  unsigned long long *published;
  unsigned long long *consumed;
};

__global__ void pipeline(const unsigned char *input, unsigned long long nRecords, Ring ring, float *result) {
  int lane = threadIdx.x;
  if (blockIdx.x == 0) {
    for (unsigned long long r = 0; r < nRecords; ++r) {
      float *dst = ring.records + (r % SLOTS) * FIELDS;
      if (lane < FIELDS) dst[lane] = float(input[r * FIELDS + lane]) * (1.f / 255.f);
      __syncthreads();
      if (lane == 0) atomicAdd(ring.published, 1ull); // expect: fence-missing
    }
    return;
  }
  __shared__ unsigned long long mine;
  for (;;) {
    if (lane == 0) mine = atomicAdd(ring.consumed, 1ull);
    __syncthreads();
    unsigned long long r = mine;
    __syncthreads();
    if (r >= nRecords) return;
    if (lane == 0)
      while (atomicAdd(ring.published, 0ull) <= r) {
      }
    __syncthreads();
    if (lane < FIELDS) {
      float v = ring.records[(r % SLOTS) * FIELDS + lane]; // expect: fence-missing
      if (v > 0.5f) atomicAdd(&result[lane], v);
    }
  }
}
