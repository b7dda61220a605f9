// RUN: %check_warpcheck %s barrier-divergent
// A per-thread work queue (issue 23): each thread takes items until the
// queue is empty, so threads run different numbers of iterations and the
// barrier in the body is reached by some of them only.

__device__ unsigned nextItem;

__global__ void per_thread_queue(const float *in, float *out, unsigned n) {
  __shared__ float s[256];
  unsigned item;
  while ((item = atomicAdd(&nextItem, 1u)) < n) {
    s[threadIdx.x] = in[item];
    __syncthreads();
// CHECK-MESSAGES: :[[@LINE-1]]:5: error: barrier '__syncthreads()' is reached under thread-dependent control{{.*}} [barrier-divergent]
    out[item] = s[(threadIdx.x + 1) % 256];
  }
}

// The fix: one thread takes an item for the whole block, through shared
// memory, so the loop condition is the same for every thread.
__global__ void per_block_queue(const float *in, float *out, unsigned n) {
  __shared__ float s[256];
  __shared__ unsigned blockItem;
  while (true) {
    if (threadIdx.x == 0) blockItem = atomicAdd(&nextItem, 1u);
    __syncthreads();
    unsigned item = blockItem;
    if (item >= n) break;
    s[threadIdx.x] = in[item * 256 + threadIdx.x];
    __syncthreads();
    out[item * 256 + threadIdx.x] = s[255 - threadIdx.x];
    __syncthreads();
  }
}
