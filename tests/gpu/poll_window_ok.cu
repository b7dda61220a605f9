// poll_window_ok: flags and tickets observed by the hardware's read after
// warpcheck's look at them.
//
// warpcheck's check of an access runs just before the access itself. A
// consumer's last poll of a flag can be checked while the flag is still
// clear and then read it set: the producer's release landed between the
// check and the load. Likewise, of several blocks taking tickets with
// atomicAdd at once, the one the hardware serves last may have been checked
// first. Both are ordinary, correct code; the observation must still count
// once the thread fences or reaches its barrier (before, such runs reported
// race-global now and then, more often on a busy GPU).
//
// Kernel `handoff`: 48 producer blocks each write a record, fence, pass a
// barrier, and thread 0 sets a relaxed device-scope flag; the matching
// consumer block's thread 0 polls it, fences, and after a barrier the whole
// block reads the record. Kernel `tickets`: 48 tiles of 4 slices; each
// slice writes its partial tile, fences, passes a barrier, and thread 0
// takes a ticket with atomicAdd; the slice that takes the last ticket reads
// the four partial tiles after the next barrier (the Programming Guide's
// last-block pattern). Each kernel runs three times.
//
// EXPECT-NONE
#include <cstdio>
#include <cuda/atomic>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kPairs = 48, kThreads = 128, kSlices = 4, kRounds = 3;

__global__ void handoff(int* flags, float* records, float* out) {
  const int t = threadIdx.x;
  if (blockIdx.x < kPairs) {
    records[blockIdx.x * kThreads + t] = (float)(blockIdx.x + t);
    __threadfence();
    __syncthreads();
    if (t == 0) cuda::atomic_ref<int, cuda::thread_scope_device>(flags[blockIdx.x]).store(1, cuda::memory_order_relaxed);
  } else {
    const int pair = blockIdx.x - kPairs;
    if (t == 0) {
      cuda::atomic_ref<int, cuda::thread_scope_device> flag(flags[pair]);
      while (flag.load(cuda::memory_order_relaxed) == 0) {
      }
      __threadfence();
    }
    __syncthreads();
    out[pair * kThreads + t] = records[pair * kThreads + t] * 2.f;
  }
}

__global__ void tickets(unsigned int* counts, float* partials, float* out) {
  __shared__ bool last;
  const int tile = blockIdx.x, slice = blockIdx.y, t = threadIdx.x;
  partials[(slice * kPairs + tile) * kThreads + t] = (float)(slice + t);
  __threadfence();
  __syncthreads();
  if (t == 0) last = atomicAdd(&counts[tile], 1u) == kSlices - 1;
  __syncthreads();
  if (!last) return;
  float sum = 0.f;
  for (int s = 0; s < kSlices; ++s) sum += partials[(s * kPairs + tile) * kThreads + t];
  out[tile * kThreads + t] = sum;
}

int main() {
  int* flags;
  unsigned int* counts;
  float *records, *out;
  CHECK(cudaMalloc(&flags, kPairs * sizeof(int)));
  CHECK(cudaMalloc(&counts, kPairs * sizeof(unsigned int)));
  CHECK(cudaMalloc(&records, kSlices * kPairs * kThreads * sizeof(float)));
  CHECK(cudaMalloc(&out, kPairs * kThreads * sizeof(float)));
  float host[kPairs * kThreads];
  int wrong = 0;
  for (int round = 0; round < kRounds; ++round) {
    CHECK(cudaMemset(flags, 0, kPairs * sizeof(int)));
    handoff<<<2 * kPairs, kThreads>>>(flags, records, out);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(host, out, sizeof(host), cudaMemcpyDeviceToHost));
    for (int i = 0; i < kPairs * kThreads; ++i) wrong += host[i] != 2.f * (float)(i / kThreads + i % kThreads);
    CHECK(cudaMemset(counts, 0, kPairs * sizeof(unsigned int)));
    tickets<<<dim3(kPairs, kSlices), kThreads>>>(counts, records, out);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(host, out, sizeof(host), cudaMemcpyDeviceToHost));
    for (int i = 0; i < kPairs * kThreads; ++i) wrong += host[i] != (float)(6 + 4 * (i % kThreads));
  }
  printf("poll_window: %d wrong values\n", wrong);
  CHECK(cudaFree(flags));
  CHECK(cudaFree(counts));
  CHECK(cudaFree(records));
  CHECK(cudaFree(out));
  return wrong != 0;
}
