// corpus-run:
// Block-wide sum: grid-stride accumulation in registers, a shared-memory
// tree with a __syncthreads() at the end of every step (outside the
// divergent `if (tid < s)`, so the whole block reaches it), and a last warp
// that finishes in registers with __shfl_down_sync instead of shared memory.
// The first warp reads sdata[tid] and sdata[tid + 32] only after the last
// barrier of the tree.
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

template <int kBlock>
__global__ void blockSum(const float* in, float* partial, int n) {
  __shared__ float sdata[kBlock];
  unsigned tid = threadIdx.x;
  float acc = 0.f;
  for (int i = blockIdx.x * kBlock + tid; i < n; i += gridDim.x * kBlock) acc += in[i];
  sdata[tid] = acc;
  __syncthreads();
  for (unsigned s = kBlock / 2; s > 32; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid < 32) {
    float v = sdata[tid] + sdata[tid + 32];
    for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
    if (tid == 0) partial[blockIdx.x] = v;
  }
}

int main() {
  constexpr int kBlock = 256, kGrid = 4, n = kBlock * kGrid * 4 + 100;
  static float h_in[n];
  for (int i = 0; i < n; ++i) h_in[i] = (float)(i % 7);
  float *d_in, *d_partial, h_partial[kGrid];
  CHECK(cudaMalloc(&d_in, n * sizeof(float)));
  CHECK(cudaMalloc(&d_partial, kGrid * sizeof(float)));
  CHECK(cudaMemcpy(d_in, h_in, n * sizeof(float), cudaMemcpyHostToDevice));
  blockSum<kBlock><<<kGrid, kBlock>>>(d_in, d_partial, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_partial, d_partial, sizeof h_partial, cudaMemcpyDeviceToHost));
  double sum = 0, want = 0;
  for (int b = 0; b < kGrid; ++b) sum += h_partial[b];
  for (int i = 0; i < n; ++i) want += h_in[i];
  printf("blockSum: %.0f (reference %.0f)\n", sum, want);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_partial));
  return 0;
}
