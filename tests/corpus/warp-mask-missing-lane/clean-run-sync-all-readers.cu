// corpus-run:
// Sparse row gather: the lanes of a warp whose row has a non-zero in the
// current column stage twice the value in a warp-shared row (the others
// stage 0), then every lane reads the staged value of its mirror lane.
// Every lane writes and reads the staging row, so the __syncwarp() between
// the two keeps the full mask, rather than the ballot of the lanes with
// work: the lanes without work call it too.
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

constexpr int kThreads = 96;

__global__ void gather_column(const float* dense, int ld, int col, float* out) {
  __shared__ float stage[kThreads];
  const int t = threadIdx.x, lane = t & 31;
  const int row = blockIdx.x * kThreads + t;
  const float v = dense[row * ld + col];
  const bool has_work = v != 0.0f;
  stage[t] = has_work ? v * 2.0f : 0.0f;
  __syncwarp();
  out[row] = stage[(t & ~31) | (31 - lane)];
}

int main() {
  const int blocks = 2, rows = blocks * kThreads, ld = 8;
  float *dense, *out;
  CUDA_CHECK(cudaMallocManaged(&dense, rows * ld * sizeof(float)));
  CUDA_CHECK(cudaMallocManaged(&out, rows * sizeof(float)));
  for (int i = 0; i < rows * ld; ++i) dense[i] = (i % 3 == 0) ? (float)(i % 10) : 0.0f;
  gather_column<<<blocks, kThreads>>>(dense, ld, 3, out);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  double sum = 0;
  for (int r = 0; r < rows; ++r) sum += out[r] * (r % 4 + 1);
  printf("gather_column: checksum %.1f\n", sum);
  CUDA_CHECK(cudaFree(dense));
  CUDA_CHECK(cudaFree(out));
  return 0;
}
