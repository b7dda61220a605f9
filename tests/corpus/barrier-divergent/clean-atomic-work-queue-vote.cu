// The fixed twin of buggy-atomic-work-queue.cu: every thread still takes
// its own items from the global queue with atomicAdd, but the block
// decides together whether to go on. __syncthreads_or() is true while any
// thread holds an item, so every thread runs the same number of rounds and
// reaches both barriers in each; a thread whose queue ran dry only skips
// the work.

__device__ unsigned int queueHead;

__global__ void drainQueue(const float *__restrict__ items, float *__restrict__ out, unsigned int n) {
  __shared__ float stage[256];
  unsigned int item = atomicAdd(&queueHead, 1u);
  while (__syncthreads_or(item < n)) {
    stage[threadIdx.x] = item < n ? items[item] : 0.f;
    __syncthreads();
    if (item < n) out[item] = 0.5f * (stage[threadIdx.x] + stage[(threadIdx.x + 1) % blockDim.x]);
    __syncthreads();
    if (item < n) item = atomicAdd(&queueHead, 1u);
  }
}
