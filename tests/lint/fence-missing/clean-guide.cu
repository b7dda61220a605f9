// RUN: %check_warpcheck %s fence-missing
// The Programming Guide's memory-fence examples (§5.4.4.3), as written.
#include <cuda/atomic>

__device__ float calculatePartialSum(const float *array, int N) {
  __shared__ float s[256];
  float v = 0.f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += gridDim.x * blockDim.x) v += array[i];
  s[threadIdx.x] = v;
  __syncthreads();
  for (int k = blockDim.x / 2; k > 0; k /= 2) {
    if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k];
    __syncthreads();
  }
  return s[0];
}

__device__ float calculateTotalSum(volatile float *result) {
  float t = 0.f;
  for (unsigned b = 0; b < gridDim.x; ++b) t += result[b];
  return t;
}

__device__ int count = 0;

__global__ void sum(const float *array, int N, volatile float *result) {
  __shared__ bool isLastBlockDone;
  float partialSum = calculatePartialSum(array, N);
  if (threadIdx.x == 0) {
    result[blockIdx.x] = partialSum;
    cuda::atomic_thread_fence(cuda::memory_order_seq_cst, cuda::thread_scope_device);
    int count_old = atomicInc((unsigned *)&count, gridDim.x);
    isLastBlockDone = (count_old == (gridDim.x - 1));
  }
  __syncthreads();
  if (isLastBlockDone) {
    float totalSum = calculateTotalSum(result);
    if (threadIdx.x == 0) {
      result[0] = totalSum;
      count = 0;
    }
  }
}

// The same with __threadfence() and the partial sums read in place.
__device__ unsigned int count2 = 0;
__global__ void sum2(const float *array, int N, volatile float *result) {
  __shared__ bool isLastBlockDone;
  float partialSum = calculatePartialSum(array, N);
  if (threadIdx.x == 0) {
    result[blockIdx.x] = partialSum;
    __threadfence();
    unsigned int value = atomicInc(&count2, gridDim.x);
    isLastBlockDone = (value == (gridDim.x - 1));
  }
  __syncthreads();
  if (isLastBlockDone) {
    float t = 0.f;
    for (unsigned i = threadIdx.x; i < gridDim.x; i += blockDim.x) t += result[i];
    if (threadIdx.x == 0) {
      result[0] = t;
      count2 = 0;
    }
  }
}

__device__ int X = 1, Y = 2;

__device__ void writeXY() {
  X = 10;
  cuda::atomic_thread_fence(cuda::memory_order_seq_cst, cuda::thread_scope_device);
  Y = 20;
}

__device__ void readXY(int *out) {
  int B = Y;
  cuda::atomic_thread_fence(cuda::memory_order_seq_cst, cuda::thread_scope_device);
  int A = X;
  out[0] = A + B;
}
