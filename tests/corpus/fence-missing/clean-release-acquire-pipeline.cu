// Inter-block pipeline of a 1-D wavefront (e.g. a line recurrence solved in
// chunks): block b waits for block b-1's boundary value, finishes its chunk
// and hands its own boundary to block b+1. The hand-off uses libcu++
// atomics with release (publish) and acquire (observe) order, which makes
// fences unnecessary. Blocks are scheduled in order by a ticket.
#include <cuda/atomic>

#define CHUNK 1024

__global__ void recurrence(const float *a, const float *b, float *x, float *boundary, int *ready, int *ticket,
                           int chunks) {
  __shared__ int chunk;
  if (threadIdx.x == 0) chunk = atomicAdd(ticket, 1);  // dynamic ids: predecessors already run
  __syncthreads();
  const int c = chunk;
  if (c >= chunks || threadIdx.x != 0) return;

  float carry = 0.f;
  if (c > 0) {
    cuda::atomic_ref<int, cuda::thread_scope_device> prev(ready[c - 1]);
    while (prev.load(cuda::memory_order_acquire) == 0) {
    }
    carry = boundary[c - 1];
  }
  const size_t base = (size_t)c * CHUNK;
  for (int i = 0; i < CHUNK; ++i) {
    carry = a[base + i] * carry + b[base + i];
    x[base + i] = carry;
  }
  boundary[c] = carry;
  cuda::atomic_ref<int, cuda::thread_scope_device> mine(ready[c]);
  mine.store(1, cuda::memory_order_release);
}
