// corpus-run:
// Mean of a vector in one pass, the guide's "last block" reduction done
// right: thread 0 of every block stores the block's partial sum, fences,
// then takes a ticket with atomicInc; the block that draws the last ticket
// fences again before its threads read the partial sums (the ticket before
// the sums), reduces them and resets the counter for the next launch. The
// two fences order the partial sums before the ticket on both sides.
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(call)                                                              \
  do {                                                                           \
    cudaError_t err_ = (call);                                                   \
    if (err_ != cudaSuccess) {                                                   \
      fprintf(stderr, "CUDA error at %s:%d: %s\n", __FILE__, __LINE__,            \
              cudaGetErrorString(err_));                                         \
      return 1;                                                                  \
    }                                                                            \
  } while (0)

constexpr int kThreads = 256;

__device__ unsigned int blocksDone = 0;

__device__ float blockSum(float v, float* s) {
  s[threadIdx.x] = v;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  float r = s[0];
  __syncthreads();
  return r;
}

__global__ void mean(const float* x, int n, float* partial, float* result) {
  __shared__ float s[kThreads];
  __shared__ bool isLast;
  float acc = 0.f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) acc += x[i];
  float sum = blockSum(acc, s);
  if (threadIdx.x == 0) {
    partial[blockIdx.x] = sum;
    __threadfence();
    unsigned int ticket = atomicInc(&blocksDone, gridDim.x);
    isLast = ticket == gridDim.x - 1;
  }
  __syncthreads();
  if (isLast) {
    __threadfence();
    float v = threadIdx.x < gridDim.x ? partial[threadIdx.x] : 0.f;
    float total = blockSum(v, s);
    if (threadIdx.x == 0) {
      *result = total / n;
      blocksDone = 0;
    }
  }
}

int main() {
  constexpr int n = 1 << 16, grid = 16;
  float *x, *partial, *result;
  CHECK(cudaMallocManaged(&x, n * sizeof(float)));
  CHECK(cudaMalloc(&partial, grid * sizeof(float)));
  CHECK(cudaMallocManaged(&result, sizeof(float)));
  for (int i = 0; i < n; ++i) x[i] = (float)(i % 9);
  for (int rep = 0; rep < 2; ++rep) {
    mean<<<grid, kThreads>>>(x, n, partial, result);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    printf("mean: %.4f\n", *result);
  }
  CHECK(cudaFree(x));
  CHECK(cudaFree(partial));
  CHECK(cudaFree(result));
  return 0;
}
