// corpus-run:
// SpMV for an ELLPACK matrix with 16 stored entries per row: each half-warp
// owns one row, every lane multiplies one entry, and the half-warp reduces
// its 16 products in shared memory with a tree of __syncwarp() steps.
//
// Bug: the kernel was written for "16 lanes per row" and passes the row's
// lane mask as the constant 0x0000ffff. That is right for the lower
// half-warp only: lanes 16..31, which own the second row, call the same
// __syncwarp() without their bit in the mask. Each calling lane must be in
// the mask; here the full mask (both rows synchronise together) or the
// per-half mask 0xffff << (lane & 16) is what was meant.
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

constexpr int kWidth = 16, kThreads = 128;
constexpr unsigned kRowMask = 0x0000ffffu;

__global__ void ell_spmv(const int* col, const float* val, const float* x, float* y) {
  __shared__ float prod[kThreads];
  const int t = threadIdx.x, k = t & 15;
  const int row = (blockIdx.x * kThreads + t) / kWidth;
  prod[t] = val[row * kWidth + k] * x[col[row * kWidth + k]];
  // expect-run-next-line: warp-mask-missing-lane
  __syncwarp(kRowMask);  // expect: warp-mask-missing-lane
  for (int off = 8; off > 0; off >>= 1) {
    const float other = k < off ? prod[t + off] : 0.0f;
    // expect-run-next-line: warp-mask-missing-lane
    __syncwarp(kRowMask);  // expect: warp-mask-missing-lane
    prod[t] += other;
    // expect-run-next-line: warp-mask-missing-lane
    __syncwarp(kRowMask);  // expect: warp-mask-missing-lane
  }
  if (k == 0) y[row] = prod[t];
}

int main() {
  const int blocks = 2, rows = blocks * kThreads / kWidth, ncols = 64;
  int* col;
  float *val, *x, *y;
  CUDA_CHECK(cudaMallocManaged(&col, rows * kWidth * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&val, rows * kWidth * sizeof(float)));
  CUDA_CHECK(cudaMallocManaged(&x, ncols * sizeof(float)));
  CUDA_CHECK(cudaMallocManaged(&y, rows * sizeof(float)));
  for (int i = 0; i < rows * kWidth; ++i) {
    col[i] = (i * 7) % ncols;
    val[i] = (float)(i % 5) - 2.0f;
  }
  for (int j = 0; j < ncols; ++j) x[j] = 1.0f + (j % 3);
  ell_spmv<<<blocks, kThreads>>>(col, val, x, y);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  double sum = 0;
  for (int r = 0; r < rows; ++r) sum += y[r] * (r + 1);
  printf("ell_spmv: checksum %.1f\n", sum);
  CUDA_CHECK(cudaFree(col));
  CUDA_CHECK(cudaFree(val));
  CUDA_CHECK(cudaFree(x));
  CUDA_CHECK(cudaFree(y));
  return 0;
}
