// A long-running kernel that reports results to the host through mapped
// (zero-copy) pinned memory: the result is written, __threadfence_system()
// makes it visible to the CPU, and only then is the "done" word raised.
// A second kernel in the file waits for the same word with a volatile load
// and fences before reading the result.
#include <cuda_runtime.h>

struct HostMailbox {
  float result[4];
  volatile int done;
};

__global__ void solveAndReport(const float *residuals, int n, HostMailbox *box) {
  __shared__ float red[256];
  float m = 0.f;
  for (int i = threadIdx.x; i < n; i += blockDim.x) m = fmaxf(m, fabsf(residuals[i]));
  red[threadIdx.x] = m;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) red[threadIdx.x] = fmaxf(red[threadIdx.x], red[threadIdx.x + s]);
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    box->result[0] = red[0];
    box->result[1] = (float)n;
    __threadfence_system();
    box->done = 1;
  }
}

__global__ void waitForReport(HostMailbox *box, float *copy) {
  if (threadIdx.x != 0) return;
  while (box->done == 0) {
  }
  __threadfence();
  copy[0] = box->result[0];
  copy[1] = box->result[1];
}
