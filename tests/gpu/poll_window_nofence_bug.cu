// poll_window_nofence_bug: poll_window_ok with the producers' fences
// missing.
//
// Each producer block writes its record (or partial tile), passes a barrier,
// and thread 0 publishes with a relaxed flag store (or atomicAdd ticket)
// without __threadfence() before it: the consumer may see the flag or the
// last ticket before the data. Every such read is fence-missing -- never
// race-global, also in the runs where the consumer's last poll (or the last
// ticket) was checked before the hardware read the publication.
//
// EXPECT: fence-missing record read
// EXPECT: fence-missing partial sum
#include <cstdio>
#include <cuda/atomic>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kPairs = 48, kThreads = 128, kSlices = 4, kRounds = 3;

__global__ void handoff(int* flags, float* records, float* out) {
  const int t = threadIdx.x;
  if (blockIdx.x < kPairs) {
    records[blockIdx.x * kThreads + t] = (float)(blockIdx.x + t);  // @record
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
    out[pair * kThreads + t] = records[pair * kThreads + t] * 2.f;  // @read
  }
}

__global__ void tickets(unsigned int* counts, float* partials, float* out) {
  __shared__ bool last;
  const int tile = blockIdx.x, slice = blockIdx.y, t = threadIdx.x;
  partials[(slice * kPairs + tile) * kThreads + t] = (float)(slice + t);  // @partial
  __syncthreads();
  if (t == 0) last = atomicAdd(&counts[tile], 1u) == kSlices - 1;
  __syncthreads();
  if (!last) return;
  float sum = 0.f;
  for (int s = 0; s < kSlices; ++s) sum += partials[(s * kPairs + tile) * kThreads + t];  // @sum
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
  (void)wrong; // not printed: stale values may come and go with the timing
  printf("poll_window_nofence: done\n");
  CHECK(cudaFree(flags));
  CHECK(cudaFree(counts));
  CHECK(cudaFree(records));
  CHECK(cudaFree(out));
  return 0; // the stale reads the bug allows are what warpcheck reports
}
