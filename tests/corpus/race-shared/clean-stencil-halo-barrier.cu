// corpus-run:
// 1-D convolution with a 7-tap filter: each block stages its inputs plus a
// 3-wide halo on each side (first and last three threads load the halos),
// then a __syncthreads() before the filter loop. Blocks past the end of the
// signal leave as a whole before touching shared memory (a block-uniform
// early return), and the last, partial block clamps its loads instead of
// skipping the barrier.
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

constexpr int kBlock = 128, kRadius = 3;
__constant__ float c_taps[2 * kRadius + 1];

__device__ __forceinline__ float clampedLoad(const float* in, int i, int n) {
  return in[min(max(i, 0), n - 1)];
}

__global__ void conv1d(const float* in, float* out, int n) {
  __shared__ float tile[kBlock + 2 * kRadius];
  if (blockIdx.x * kBlock >= n) return;  // whole block out of range
  int t = threadIdx.x;
  int g = blockIdx.x * kBlock + t;
  tile[t + kRadius] = clampedLoad(in, g, n);
  if (t < kRadius) tile[t] = clampedLoad(in, g - kRadius, n);
  if (t >= kBlock - kRadius) tile[t + 2 * kRadius] = clampedLoad(in, g + kRadius, n);
  __syncthreads();
  float acc = 0.f;
#pragma unroll
  for (int k = 0; k <= 2 * kRadius; ++k) acc += c_taps[k] * tile[t + k];
  if (g < n) out[g] = acc;
}

int main() {
  constexpr int n = 3 * kBlock + 50, grid = 5;  // one block more than needed
  const float taps[2 * kRadius + 1] = {0.05f, 0.1f, 0.2f, 0.3f, 0.2f, 0.1f, 0.05f};
  static float h_in[n], h_out[n];
  for (int i = 0; i < n; ++i) h_in[i] = (float)((i * 5) % 11);
  float *d_in, *d_out;
  CHECK(cudaMemcpyToSymbol(c_taps, taps, sizeof taps));
  CHECK(cudaMalloc(&d_in, sizeof h_in));
  CHECK(cudaMalloc(&d_out, sizeof h_out));
  CHECK(cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice));
  conv1d<<<grid, kBlock>>>(d_in, d_out, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost));
  double sum = 0;
  for (int i = 0; i < n; ++i) sum += h_out[i];
  printf("conv1d: checksum %.3f\n", sum);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return 0;
}
