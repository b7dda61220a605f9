// Persistent-threads work queue: the host sizes the grid as
// `multiProcessorCount * BLOCKS_PER_SM`, with BLOCKS_PER_SM chosen by
// __CUDA_ARCH__ (more resident blocks per SM on newer GPUs). In the host
// pass the macro always has its pre-Volta value, so on every GPU the grid
// is sized as if only two blocks fit on an SM and the device is
// under-occupied.
#include <cuda_runtime.h>

#if __CUDA_ARCH__ >= 800
#define BLOCKS_PER_SM 8
#elif __CUDA_ARCH__ >= 700
#define BLOCKS_PER_SM 4
#else
#define BLOCKS_PER_SM 2
#endif

struct Task { int begin, end; };

__global__ void __launch_bounds__(256, BLOCKS_PER_SM) drainQueue(const Task *tasks, int numTasks, int *next, float *data) {
  __shared__ int current;
  for (;;) {
    if (threadIdx.x == 0) current = atomicAdd(next, 1);
    __syncthreads();
    const int t = current;
    __syncthreads();
    if (t >= numTasks) return;
    for (int i = tasks[t].begin + threadIdx.x; i < tasks[t].end; i += blockDim.x) data[i] = sqrtf(fabsf(data[i]));
  }
}

void drain(const Task *tasks, int numTasks, int *next, float *data, int device, cudaStream_t s) {
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
  cudaMemsetAsync(next, 0, sizeof(int), s);
  drainQueue<<<sms * BLOCKS_PER_SM, 256, 0, s>>>(tasks, numTasks, next, data); // expect: arch-macro-in-host-code
}
