#include "kernels/kernels.cuh"

#ifndef __CUDACC_EXTENDED_LAMBDA__
#error "the kernels target is built with --extended-lambda"
#endif
#ifndef __CUDACC_RDC__
#error "the kernels target is built with separable compilation"
#endif

__device__ int g_launches = 0;

template <typename F>
__global__ void transform(float *data, int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = f(data[i]);
}

__global__ void reduceSum(const float *in, float *sum, int n) {
  __shared__ float partial[KERNELS_BLOCK];
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + tid;
  partial[tid] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (tid < stride) partial[tid] += partial[tid + stride];
    __syncthreads();
  }
  if (tid == 0) {
    atomicAdd(sum, partial[0]);
    atomicAdd(&g_launches, 1);
  }
}

void launchReduce(float *data, float *sum, int n, float scale, cudaStream_t stream) {
  int blocks = (n + KERNELS_BLOCK - 1) / KERNELS_BLOCK;
  // An extended lambda: a __device__ lambda defined in host code.
  transform<<<blocks, KERNELS_BLOCK, 0, stream>>>(data, n, [=] __device__(float x) { return x * scale; });
  reduceSum<<<blocks, KERNELS_BLOCK, 0, stream>>>(data, sum, n);
}
