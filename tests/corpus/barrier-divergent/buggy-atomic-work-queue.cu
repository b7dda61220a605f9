// A dynamic work queue where every thread takes its own items: each thread
// runs as many iterations as it wins items, so the barrier inside the loop
// is reached by a different number of times in every thread.

__device__ unsigned int queueHead;

__global__ void drainQueue(const float *__restrict__ items, float *__restrict__ out, unsigned int n) {
  __shared__ float stage[256];
  unsigned int item;
  while ((item = atomicAdd(&queueHead, 1u)) < n) {
    stage[threadIdx.x] = items[item];
    __syncthreads(); // expect: barrier-divergent
    out[item] = 0.5f * (stage[threadIdx.x] + stage[(threadIdx.x + 1) % blockDim.x]);
    __syncthreads(); // expect: barrier-divergent
  }
}
