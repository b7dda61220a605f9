// corpus-run:
// Single-pass sum in the style of threadFenceReduction: every block reduces
// its slice, thread 0 stores the block's partial sum, fences, and takes a
// ticket from a retirement counter; the block that draws the last ticket
// adds up the partial sums. The ticket was "optimised" to atomicInc_block
// because "only thread 0 of each block touches it": but the counter is
// shared by all the blocks, and a block-scope atomic is atomic only with
// respect to the threads of one block. Two blocks may draw the same ticket,
// and no block, or two, may believe it is the last one. The ticket must be
// a device-scope atomicInc.
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

constexpr int kBlock = 128;

__device__ unsigned int retirementCount = 0;

__device__ float blockSum(float* sdata, float v) {
  unsigned tid = threadIdx.x;
  sdata[tid] = v;
  __syncthreads();
  for (unsigned s = kBlock / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  float r = sdata[0];
  __syncthreads();
  return r;
}

__global__ void sumSinglePass(const float* in, unsigned n, float* partial, float* total) {
  __shared__ float sdata[kBlock];
  __shared__ bool amLast;
  float v = 0.f;
  for (unsigned i = blockIdx.x * kBlock + threadIdx.x; i < n; i += kBlock * gridDim.x) v += in[i];
  float s = blockSum(sdata, v);
  if (threadIdx.x == 0) {
    partial[blockIdx.x] = s;
    __threadfence();
    unsigned ticket = atomicInc_block(&retirementCount, gridDim.x);  // expect-run: scope-too-narrow
    amLast = (ticket == gridDim.x - 1);
  }
  __syncthreads();
  if (amLast) {
    __threadfence();
    float t = 0.f;
    for (unsigned b = threadIdx.x; b < gridDim.x; b += kBlock) t += partial[b];
    t = blockSum(sdata, t);
    if (threadIdx.x == 0) {
      *total = t;
      retirementCount = 0;
    }
  }
}

int main() {
  constexpr unsigned n = 1 << 16;
  constexpr int grid = 16;
  static float h_in[n];
  for (unsigned i = 0; i < n; ++i) h_in[i] = (float)(i % 7);
  float *d_in, *d_partial, *d_total, h_total = 0.f;
  CHECK(cudaMalloc(&d_in, n * sizeof(float)));
  CHECK(cudaMalloc(&d_partial, grid * sizeof(float)));
  CHECK(cudaMalloc(&d_total, sizeof(float)));
  CHECK(cudaMemcpy(d_in, h_in, n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemset(d_total, 0, sizeof(float)));
  sumSinglePass<<<grid, kBlock>>>(d_in, n, d_partial, d_total);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(&h_total, d_total, sizeof(float), cudaMemcpyDeviceToHost));
  printf("sumSinglePass: %u elements, %d blocks\n", n, grid);
  fprintf(stderr, "total = %.1f\n", h_total);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_partial));
  CHECK(cudaFree(d_total));
  return 0;
}
