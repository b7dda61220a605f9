// corpus-run:
// Dot products of 16-element rows (e.g. per-pixel 4x4 feature blocks),
// one row per warp: a kernel launched with whole warps where only the lower
// half-warp has work. Lanes 16..31 return at once; the 16 lanes that stay
// reduce their products in shared memory with __syncwarp(0x0000ffff): the
// mask names exactly the lanes still running, and the upper half has
// exited, so no lane calls without its bit and no named lane is missing.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                            \
  do {                                                                              \
    cudaError_t err_ = (call);                                                      \
    if (err_ != cudaSuccess) {                                                      \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_)); \
      exit(1);                                                                      \
    }                                                                               \
  } while (0)

constexpr int kWarps = 4;
constexpr unsigned kLowerHalf = 0x0000ffffu;

__global__ void row_dots(const float* a, const float* b, float* dot) {
  __shared__ float p[kWarps][16];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  if (lane >= 16) return;
  const int row = blockIdx.x * kWarps + warp;
  p[warp][lane] = a[row * 16 + lane] * b[row * 16 + lane];
  __syncwarp(kLowerHalf);
  for (int off = 8; off > 0; off >>= 1) {
    const float o = lane < off ? p[warp][lane + off] : 0.0f;
    __syncwarp(kLowerHalf);
    p[warp][lane] += o;
    __syncwarp(kLowerHalf);
  }
  if (lane == 0) dot[row] = p[warp][0];
}

int main() {
  const int blocks = 2, rows = blocks * kWarps;
  float *a, *b, *dot;
  CUDA_CHECK(cudaMallocManaged(&a, rows * 16 * sizeof(float)));
  CUDA_CHECK(cudaMallocManaged(&b, rows * 16 * sizeof(float)));
  CUDA_CHECK(cudaMallocManaged(&dot, rows * sizeof(float)));
  for (int i = 0; i < rows * 16; ++i) {
    a[i] = (float)(i % 7) - 3.0f;
    b[i] = (float)(i % 5);
  }
  row_dots<<<blocks, kWarps * 32>>>(a, b, dot);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  for (int r = 0; r < rows; ++r) printf("row %d: %.1f\n", r, dot[r]);
  CUDA_CHECK(cudaFree(a));
  CUDA_CHECK(cudaFree(b));
  CUDA_CHECK(cudaFree(dot));
  return 0;
}
