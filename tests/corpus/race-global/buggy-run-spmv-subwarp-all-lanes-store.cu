// corpus-run:
// CSR sparse matrix-vector product y = A x with four lanes per row (the
// "vector" kernel for short rows): the lanes of a group stride over the
// row's nonzeros, then fold their partial sums with __shfl_down_sync inside
// the 4-lane group, which leaves the row's sum in the group's first lane.
//
// Bug: the guard that lets only the first lane of the group store y[row]
// (`if ((lane & 3) == 0)`) was lost. All four lanes of the group store to
// the same y[row] in one instruction -- the first lane the full sum, the
// others partial ones: lanes of one warp write the same word with nothing
// ordering them (intra-warp write-after-write), and y[row] is whatever lane
// the hardware lets win.
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

constexpr int kRows = 1024, kGroup = 4, kThreads = 128;

__global__ void spmv_vector4(const int* row_ptr, const int* col, const float* val, const float* x,
                             float* y) {
  const int gid = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = gid / kGroup, sub = gid % kGroup;
  float sum = 0.f;
  for (int j = row_ptr[row] + sub; j < row_ptr[row + 1]; j += kGroup) sum += val[j] * x[col[j]];
  for (int off = kGroup / 2; off > 0; off >>= 1) sum += __shfl_down_sync(0xffffffffu, sum, off, kGroup);
  y[row] = sum;  // expect-run: race-global
}

int main() {
  int *row_ptr, *col;
  float *val, *x, *y;
  CHECK(cudaMallocManaged(&row_ptr, (kRows + 1) * sizeof(int)));
  row_ptr[0] = 0;
  for (int r = 0; r < kRows; ++r) row_ptr[r + 1] = row_ptr[r] + 3 + r % 9;
  const int nnz = row_ptr[kRows];
  CHECK(cudaMallocManaged(&col, nnz * sizeof(int)));
  CHECK(cudaMallocManaged(&val, nnz * sizeof(float)));
  CHECK(cudaMallocManaged(&x, kRows * sizeof(float)));
  CHECK(cudaMallocManaged(&y, kRows * sizeof(float)));
  for (int r = 0; r < kRows; ++r) {
    x[r] = 1.f + (float)(r % 5);
    for (int j = row_ptr[r]; j < row_ptr[r + 1]; ++j) {
      col[j] = (r + (j - row_ptr[r]) * 37) % kRows;
      val[j] = 0.5f + (float)(j % 3);
    }
  }
  spmv_vector4<<<kRows * kGroup / kThreads, kThreads>>>(row_ptr, col, val, x, y);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  double sum = 0;
  for (int r = 0; r < kRows; ++r) sum += y[r];
  printf("spmv: %d rows, %d nonzeros, %d lanes per row\n", kRows, nnz, kGroup);
  fprintf(stderr, "sum of y %.2f (depends on which lane stored last)\n", sum);
  CHECK(cudaFree(row_ptr));
  CHECK(cudaFree(col));
  CHECK(cudaFree(val));
  CHECK(cudaFree(x));
  CHECK(cudaFree(y));
  return 0;
}
