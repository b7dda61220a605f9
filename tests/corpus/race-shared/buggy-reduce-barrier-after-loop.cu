// corpus-run:
// Block-wide sum: a grid-stride loop accumulates in registers, then a
// shared-memory tree halves the active threads per step. The tree's
// __syncthreads() was moved out of the loop (to "save barriers"): in step s
// thread t reads sdata[t + s], which thread t + s (another warp for s >= 32)
// may not have updated in step 2s yet, or is updating right now. Both
// accesses of every racing pair are on the line of the tree step.
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
  for (unsigned s = kBlock / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];  // expect-run: race-shared
  }
  __syncthreads();
  if (tid == 0) partial[blockIdx.x] = sdata[0];
}

int main() {
  constexpr int kBlock = 128, kGrid = 4, n = kBlock * kGrid * 8;
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
  printf("blockSum: done\n");
  fprintf(stderr, "sum %.0f, reference %.0f\n", sum, want);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_partial));
  return 0;
}
