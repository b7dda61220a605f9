// Single-producer / multi-consumer ring of two buffers. The producer warp
// fills a slot and signals `full`; consumers drain it and signal `empty`.
// A consumer keeps the token of its `full` arrival and hands it to the wait
// on `empty` — a token from another barrier, so it waits on a phase of
// `empty` it never arrived at.
#include <cuda/barrier>

using barrier = cuda::barrier<cuda::thread_scope_block>;

constexpr int kSlots = 2;
constexpr int kSlot = 128;

__global__ void ring(const float4 *src, float4 *dst, int batches) {
  __shared__ float4 slot[kSlots][kSlot];
  __shared__ barrier full[kSlots], empty[kSlots];
  if (threadIdx.x == 0) {
    for (int s = 0; s < kSlots; ++s) {
      init(&full[s], blockDim.x);
      init(&empty[s], blockDim.x);
    }
  }
  __syncthreads();

  const bool producer = threadIdx.x < 32;
  for (int b = 0; b < batches; ++b) {
    const int s = b % kSlots;
    if (producer) {
      for (int i = threadIdx.x; i < kSlot; i += 32) slot[s][i] = src[b * kSlot + i];
      full[s].arrive_and_wait();
      empty[s].arrive_and_wait();
    } else {
      barrier::arrival_token t = full[s].arrive();
      full[s].wait(std::move(t));
      const int i = threadIdx.x - 32;
      if (i < kSlot) dst[b * kSlot + i] = slot[s][i];
      barrier::arrival_token done = full[s].arrive();
      empty[s].wait(std::move(done)); // expect: async-barrier-misuse
    }
  }
}
