// corpus-run:
// Dot product in one pass, the last-block pattern done right: warps reduce
// with shuffles, warp 0 combines the warp sums from shared memory, thread 0
// stores the block's sum, fences with __threadfence() (device scope: the
// last block is another block) and draws a ticket with a device-scope
// atomicInc. The block that draws the last ticket fences again before it
// reads the other blocks' sums, and resets the counter for the next call.
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

constexpr int kBlock = 256, kWarps = kBlock / 32;

__device__ unsigned int ticketCount = 0;

__device__ double warpSum(double v) {
  for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
  return v;
}

__device__ double blockSum(double v, double* warpSums) {
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  v = warpSum(v);
  if (lane == 0) warpSums[warp] = v;
  __syncthreads();
  v = threadIdx.x < kWarps ? warpSums[threadIdx.x] : 0.0;
  if (warp == 0) v = warpSum(v);
  __syncthreads();
  return v;
}

__global__ void dot(const float* x, const float* y, int n, double* blockSums, double* result) {
  __shared__ double warpSums[kWarps];
  __shared__ bool isLast;
  double v = 0.0;
  for (int i = blockIdx.x * kBlock + threadIdx.x; i < n; i += kBlock * gridDim.x) v += (double)x[i] * y[i];
  v = blockSum(v, warpSums);
  if (threadIdx.x == 0) {
    blockSums[blockIdx.x] = v;
    __threadfence();
    unsigned int ticket = atomicInc(&ticketCount, gridDim.x);
    isLast = (ticket == gridDim.x - 1);
  }
  __syncthreads();
  if (isLast) {
    __threadfence();
    double t = 0.0;
    for (int b = threadIdx.x; b < gridDim.x; b += kBlock) t += blockSums[b];
    t = blockSum(t, warpSums);
    if (threadIdx.x == 0) {
      *result = t;
      ticketCount = 0;
    }
  }
}

int main() {
  constexpr int n = 1 << 16, grid = 16;
  static float h_x[n], h_y[n];
  for (int i = 0; i < n; ++i) {
    h_x[i] = (float)(i % 4);
    h_y[i] = 0.5f;
  }
  float *d_x, *d_y;
  double *d_blockSums, *d_result, h_result = 0.0;
  CHECK(cudaMalloc(&d_x, n * sizeof(float)));
  CHECK(cudaMalloc(&d_y, n * sizeof(float)));
  CHECK(cudaMalloc(&d_blockSums, grid * sizeof(double)));
  CHECK(cudaMalloc(&d_result, sizeof(double)));
  CHECK(cudaMemcpy(d_x, h_x, n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_y, h_y, n * sizeof(float), cudaMemcpyHostToDevice));
  dot<<<grid, kBlock>>>(d_x, d_y, n, d_blockSums, d_result);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(&h_result, d_result, sizeof(double), cudaMemcpyDeviceToHost));
  printf("dot: %d elements, %d blocks, result %.1f\n", n, grid, h_result);
  CHECK(cudaFree(d_x));
  CHECK(cudaFree(d_y));
  CHECK(cudaFree(d_blockSums));
  CHECK(cudaFree(d_result));
  return 0;
}
