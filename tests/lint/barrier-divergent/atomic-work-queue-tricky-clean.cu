// RUN: %check_warpcheck %s barrier-divergent
// Work-queue shapes that look like the per-thread queue of
// atomic-work-queue.cu but whose barriers every thread reaches (issue 23):
// nothing to report.

__device__ unsigned nextSlot, nextItem;

// The atomic's result only indexes memory; the loop's trip count is the
// same for every thread.
__global__ void fixed_rounds(const float *in, float *out, int rounds) {
  __shared__ float s[256];
  for (int r = 0; r < rounds; ++r) {
    unsigned slot = atomicAdd(&nextSlot, 1u);
    s[threadIdx.x] = in[slot];
    __syncthreads();
    out[slot] = s[255 - threadIdx.x];
    __syncthreads();
  }
}

// Each thread takes its own items, but the block decides together whether
// to go on: __syncthreads_or() is reached by every thread each round, and
// the barrier in the body too; threads without an item only skip the work.
__global__ void vote_to_continue(const float *in, float *out, unsigned n) {
  __shared__ float s[256];
  unsigned item = atomicAdd(&nextItem, 1u);
  while (__syncthreads_or(item < n)) {
    s[threadIdx.x] = item < n ? in[item] : 0.f;
    __syncthreads();
    if (item < n) out[item] = s[(threadIdx.x + 1) % 256];
    __syncthreads();
    if (item < n) item = atomicAdd(&nextItem, 1u);
  }
}
