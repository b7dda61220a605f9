// corpus-run:
// A two-stage row normalisation split across blocks of one launch: blocks
// 0-7 (producers) each exponentiate one row into a staging buffer and
// store the row's sum, fence, and raise the row's ready flag; blocks 8-15
// (consumers) wait for the row's flag and write the normalised row. The
// producers are right, but the consumer threads read the staged row right
// after their volatile poll with no fence between: their loads of the row
// can be satisfied before the flag was seen (reader side of the pairing).
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

constexpr int kRows = 8, kCols = 256;

__global__ void normaliseRows(const float* x, float* staged, float* rowSum, int* ready, float* y) {
  __shared__ float red[kCols];
  const int t = threadIdx.x;
  if (blockIdx.x < kRows) {
    const int row = blockIdx.x;
    float e = __expf(x[row * kCols + t] * 0.01f);
    staged[row * kCols + t] = e;
    red[t] = e;
    __syncthreads();
    for (int s = kCols / 2; s > 0; s >>= 1) {
      if (t < s) red[t] += red[t + s];
      __syncthreads();
    }
    if (t == 0) rowSum[row] = red[0];
    __threadfence();
    __syncthreads();
    if (t == 0) atomicExch(&ready[row], 1);
  } else {
    const int row = blockIdx.x - kRows;
    while (((volatile int*)ready)[row] == 0) {  // expect-run: race-volatile
    }
    float v = staged[row * kCols + t] / rowSum[row];  // expect: fence-missing  // expect-run: fence-missing
    y[row * kCols + t] = v;
  }
}

int main() {
  float *x, *staged, *rowSum, *y;
  int* ready;
  CHECK(cudaMallocManaged(&x, kRows * kCols * sizeof(float)));
  CHECK(cudaMalloc(&staged, kRows * kCols * sizeof(float)));
  CHECK(cudaMalloc(&rowSum, kRows * sizeof(float)));
  CHECK(cudaMallocManaged(&y, kRows * kCols * sizeof(float)));
  CHECK(cudaMalloc(&ready, kRows * sizeof(int)));
  for (int i = 0; i < kRows * kCols; ++i) x[i] = (float)(i % 100);
  CHECK(cudaMemset(ready, 0, kRows * sizeof(int)));
  normaliseRows<<<2 * kRows, kCols>>>(x, staged, rowSum, ready, y);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  double total = 0;
  for (int i = 0; i < kRows * kCols; ++i) total += y[i];
  printf("normaliseRows: %d rows of %d\n", kRows, kCols);
  fprintf(stderr, "sum of all rows %.4f (expected %d)\n", total, kRows);
  CHECK(cudaFree(x));
  CHECK(cudaFree(staged));
  CHECK(cudaFree(rowSum));
  CHECK(cudaFree(y));
  CHECK(cudaFree(ready));
  return 0;
}
